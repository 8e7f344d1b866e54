package dev.onsale.booking.event;

import dev.onsale.common.events.SaleState;
import java.util.UUID;

/** {@code action} is not legal while the sale of {@code eventId} is {@code current}; nothing was written. */
public class SaleStateConflict extends RuntimeException {

    private final UUID eventId;
    private final SaleState current;
    private final SaleAction action;

    SaleStateConflict(UUID eventId, SaleState current, SaleAction action) {
        super("cannot " + action.pathName() + " the sale of event " + eventId + ": its sale is " + current);
        this.eventId = eventId;
        this.current = current;
        this.action = action;
    }

    public UUID eventId() {
        return eventId;
    }

    public SaleState current() {
        return current;
    }

    public SaleAction action() {
        return action;
    }
}
