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

    /**
     * The gate refused at once; nothing was taken. {@code liveOrder}: the session's live order, for ORDER_ALREADY_LIVE;
     * {@code maxPerOrder}: the event's limit, for LIMIT_EXCEEDED (null where it does not apply or is not known).
     */
    record RefusedAtGate(GateRefusal reason, UUID liveOrder, Integer maxPerOrder) implements HoldAnswer {
        public RefusedAtGate(GateRefusal reason) {
            this(reason, null, null);
        }
    }

    /**
     * The gate had fewer seats free than asked for ({@code available}); nothing was taken. {@code liveHolds} seats
     * are held by buyers who may not pay, and come back if they do not: none, and the event is sold out for good.
     */
    record SoldOut(long available, long liveHolds) implements HoldAnswer {}

    /**
     * Booking refused the allocation; the gate's side was restored. {@code seatIds}: the chosen seats the refusal is
     * about, where booking named them (unknown, or held or sold), else empty.
     */
    record RefusedByAllocation(AllocationRefused.Reason reason, List<String> seatIds) implements HoldAnswer {

        public RefusedByAllocation {
            seatIds = List.copyOf(seatIds);
        }

        public RefusedByAllocation(AllocationRefused.Reason reason) {
            this(reason, List.of());
        }
    }

    /** The idempotency key was used before for another request (other seats or quantity); nothing changed. */
    record KeyReused(UUID orderId) implements HoldAnswer {}

    /**
     * A replay of a hold that has ended since ({@code state}: CONVERTED when paid, RELEASED when cancelled,
     * expired or its payment failed); nothing changed. A new hold needs a new idempotency key.
     */
    record Ended(UUID orderId, OrderRecord.OrderState state) implements HoldAnswer {}

    /** No answer from booking in time: the allocation was cancelled and nothing stays held. */
    record Unanswered(UUID orderId) implements HoldAnswer {}

    /** The gate lost its store and has no counter for the event until it is rebuilt from the database. */
    record GateRebuilding() implements HoldAnswer {}
}
