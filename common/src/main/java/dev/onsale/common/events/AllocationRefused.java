package dev.onsale.common.events;

import java.util.List;
import java.util.UUID;

/**
 * booking-service allocated nothing for the order, and never will: the gate restores its side. {@code seatIds}: the
 * chosen seats the refusal is about (UNKNOWN_SEAT: those the event does not have; SEAT_UNAVAILABLE: those held or
 * sold), empty for every other reason and for a refusal replayed from its stored decision.
 */
public record AllocationRefused(UUID orderId, UUID eventId, Reason reason, List<String> seatIds) implements HoldReply {

    public AllocationRefused {
        seatIds = seatIds == null ? List.of() : List.copyOf(seatIds);
    }

    public AllocationRefused(UUID orderId, UUID eventId, Reason reason) {
        this(orderId, eventId, reason, List.of());
    }

    public enum Reason {
        /** A chosen seat is held or sold. */
        SEAT_UNAVAILABLE,
        /** A chosen seat id is not one of the event's seats. */
        UNKNOWN_SEAT,
        /** Seats were chosen at a general-admission event, whose seats are not chosen. */
        NOT_SEATED,
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
