package dev.onsale.booking.event;

import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import java.time.Instant;
import java.util.Optional;
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
        return new Event(
                id,
                draft.name(),
                draft.venue(),
                draft.startsAt(),
                draft.saleOpensAt(),
                state,
                draft.layout().seated(),
                draft.layout().capacity(),
                draft.currency(),
                draft.holdTtlSeconds(),
                draft.maxPerOrder());
    }

    EventCreated created() {
        return new EventCreated(
                id,
                name,
                venue,
                startsAt,
                saleOpensAt,
                saleState,
                seated,
                capacity,
                currency,
                holdTtlSeconds,
                maxPerOrder);
    }

    /**
     * The sale's state machine. Legal moves (anything else throws {@link SaleStateConflict}):
     * <pre>
     *   open    SCHEDULED -> OPEN
     *   pause   OPEN -> PAUSED
     *   resume  PAUSED -> OPEN, HALTED -> OPEN
     *   halt    SCHEDULED | OPEN | PAUSED -> HALTED
     * </pre>
     * An action whose target is the current state (open or resume on OPEN, pause on PAUSED, halt on
     * HALTED) changes nothing: the result is empty. SOLD_OUT and CLOSED accept no action.
     */
    public Optional<Event> after(SaleAction action) {
        if (saleState == action.target()) {
            return Optional.empty();
        }
        boolean legal = switch (action) {
            case OPEN -> saleState == SaleState.SCHEDULED;
            case PAUSE -> saleState == SaleState.OPEN;
            case RESUME -> saleState == SaleState.PAUSED || saleState == SaleState.HALTED;
            case HALT ->
                saleState == SaleState.SCHEDULED || saleState == SaleState.OPEN || saleState == SaleState.PAUSED;
        };
        if (!legal) {
            throw new SaleStateConflict(id, saleState, action);
        }
        return Optional.of(withSaleState(action.target()));
    }

    /** The message announcing the move from this event's state to {@code next}'s. */
    SaleStateChanged changedTo(Event next) {
        return new SaleStateChanged(id, saleState, next.saleState());
    }

    private Event withSaleState(SaleState state) {
        return new Event(
                id, name, venue, startsAt, saleOpensAt, state, seated, capacity, currency, holdTtlSeconds, maxPerOrder);
    }
}
