package dev.onsale.booking.event;

import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import java.time.Instant;
import java.util.UUID;

/** A sale event as the database of record holds it. */
public record Event(
        UUID id,
        String name,
        String venue,
        Instant startsAt,
        Instant saleOpensAt,
        SaleState saleState,
        boolean seated,
        int capacity,
        String currency,
        int holdTtlSeconds,
        int maxPerOrder) {

    /** A new event: its sale is open at once if {@code saleOpensAt} is not in the future. */
    static Event create(UUID id, NewEvent draft, Instant now) {
        SaleState state = draft.saleOpensAt().isAfter(now) ? SaleState.SCHEDULED : SaleState.OPEN;
        return new Event(id, draft.name(), draft.venue(), draft.startsAt(), draft.saleOpensAt(), state,
                draft.layout().seated(), draft.layout().capacity(), draft.currency(), draft.holdTtlSeconds(),
                draft.maxPerOrder());
    }

    EventCreated created() {
        return new EventCreated(id, name, venue, startsAt, saleOpensAt, saleState, seated, capacity, currency,
                holdTtlSeconds, maxPerOrder);
    }
}
