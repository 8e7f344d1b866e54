package dev.onsale.common.events;

import java.util.UUID;

/** booking-service allocated nothing for the order, and never will: the gate restores its side. */
public record AllocationRefused(UUID orderId, UUID eventId, Reason reason) implements HoldReply {

    public enum Reason {
        /** A chosen seat does not exist, or is held or sold. */
        SEAT_UNAVAILABLE,
        /** Fewer free seats than the quantity asked for. */
        SOLD_OUT,
        /** The event is unknown to the database. */
        EVENT_NOT_FOUND,
        /** The sale is not open (scheduled, paused, halted, closed). */
        SALE_NOT_OPEN,
        /** More seats than the event's maxPerOrder. */
        LIMIT_EXCEEDED,
        /** A {@link CancelAllocation} for the order came first. */
        CANCELLED
    }
}
