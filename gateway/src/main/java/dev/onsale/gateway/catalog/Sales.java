package dev.onsale.gateway.catalog;

import dev.onsale.common.events.SaleState;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Each event's sale as this replica has read it from {@code onsale.events}: its state and how many seats one order
 * may have. A projection of the catalog's own log, the same in every replica once each has read it, never set by a
 * request; looking an event up costs no call to anyone.
 */
@Component
public class Sales {

    private record Sale(SaleState state, int maxPerOrder) {}

    /** What an event's state change leaves of its limit when its creation has not been read (unknown). */
    private static final int UNKNOWN = 0;

    private final Map<UUID, Sale> sales = new ConcurrentHashMap<>();

    /** Whether an operator has halted the event's sale. */
    public boolean isHalted(UUID eventId) {
        Sale sale = sales.get(eventId);
        return sale != null && sale.state() == SaleState.HALTED;
    }

    /** Whether the event's sale is open, as far as this replica has read. */
    public boolean isOpen(UUID eventId) {
        Sale sale = sales.get(eventId);
        return sale != null && sale.state() == SaleState.OPEN;
    }

    /** The most seats one order of the event may have; empty while the event's creation has not been read. */
    public OptionalInt maxPerOrder(UUID eventId) {
        Sale sale = sales.get(eventId);
        return sale == null || sale.maxPerOrder() == UNKNOWN ? OptionalInt.empty() : OptionalInt.of(sale.maxPerOrder());
    }

    /** An event was created; catalog events are read in order per event id. */
    public void created(UUID eventId, SaleState state, int maxPerOrder) {
        sales.put(eventId, new Sale(state, maxPerOrder));
    }

    /** Applies the sale's state as of the latest catalog event about it. */
    public void record(UUID eventId, SaleState state) {
        sales.merge(eventId, new Sale(state, UNKNOWN), (known, changed) -> new Sale(state, known.maxPerOrder()));
    }
}
