package dev.onsale.gateway.halt;

import dev.onsale.common.events.SaleState;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The events whose sale an operator has halted, as this replica has read them from
 * {@code onsale.events} (a projection of the catalog's own log, the same in every replica once each
 * has read it, never set by a request). Looking an event up costs no call to anyone.
 */
@Component
public class HaltedSales {

    private final Set<UUID> halted = ConcurrentHashMap.newKeySet();

    public boolean isHalted(UUID eventId) {
        return halted.contains(eventId);
    }

    /** Applies the sale's state as of the latest catalog event about it; events are read in order per event id. */
    public void record(UUID eventId, SaleState state) {
        if (state == SaleState.HALTED) {
            halted.add(eventId);
        } else {
            halted.remove(eventId);
        }
    }
}
