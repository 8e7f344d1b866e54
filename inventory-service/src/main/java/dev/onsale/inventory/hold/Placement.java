package dev.onsale.inventory.hold;

import java.util.UUID;

/** What the gate script did with one place attempt. */
public sealed interface Placement {

    /** The gate passed the order: counter decremented, seats claimed, AllocateSeats appended. */
    record Placed(UUID orderId, long availableAfter) implements Placement {}

    /** The idempotency key already named {@code orderId}; nothing changed. */
    record Replayed(UUID orderId) implements Placement {}

    /** The idempotency key already named {@code orderId}, placed for another request; nothing changed. */
    record KeyReused(UUID orderId) implements Placement {}

    /** The order id was given up (its place call's answer was lost) before the script ran; nothing changed. */
    record Abandoned() implements Placement {}

    /** Refused at the gate; nothing was written. {@code liveOrder} is set for ORDER_ALREADY_LIVE. */
    record Refused(GateRefusal reason, UUID liveOrder) implements Placement {}

    /**
     * Fewer seats free than asked for; nothing was written. {@code liveHolds} is how many seats can still come
     * back (holds that may end unpaid): none, and the event is sold out for good.
     */
    record SoldOut(long available, long liveHolds) implements Placement {}
}
