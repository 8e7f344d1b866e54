package dev.onsale.inventory.hold;

import java.util.UUID;

/** What the gate script did with one place attempt. */
public sealed interface Placement {

    /** The gate passed the order: counter decremented, seats claimed, AllocateSeats appended. */
    record Placed(UUID orderId, long availableAfter) implements Placement {
    }

    /** The idempotency key already named {@code orderId}; nothing changed. */
    record Replayed(UUID orderId) implements Placement {
    }

    /** Refused at the gate; nothing was written. {@code liveOrder} is set for ORDER_ALREADY_LIVE. */
    record Refused(GateRefusal reason, UUID liveOrder) implements Placement {
    }
}
