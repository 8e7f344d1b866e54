package dev.onsale.inventory.hold;

import dev.onsale.common.events.AllocationRefused;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** What a buyer is told about one hold request. */
public sealed interface HoldAnswer {

    /** The database holds {@code seatIds} for the order until {@code expiresAt}. */
    record Held(UUID orderId, List<String> seatIds, long amountCents, String currency, Instant expiresAt)
            implements HoldAnswer {

        public Held {
            seatIds = List.copyOf(seatIds);
        }
    }

    /** The gate refused at once; nothing was taken. */
    record RefusedAtGate(GateRefusal reason) implements HoldAnswer {
    }

    /** Booking refused the allocation; the gate's side was restored. */
    record RefusedByAllocation(AllocationRefused.Reason reason) implements HoldAnswer {
    }

    /** No answer from booking in time: the allocation was cancelled and nothing stays held. */
    record Unanswered(UUID orderId) implements HoldAnswer {
    }
}
