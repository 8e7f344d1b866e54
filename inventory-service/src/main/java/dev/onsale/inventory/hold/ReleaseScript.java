package dev.onsale.inventory.hold;

import dev.onsale.common.Topics;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code release.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's header
 * says, {@link Result#of} reads its reply.
 *
 * @param recordTtl      how long the ended order's record is kept
 * @param reason         recorded on the order, and sent in CancelAllocation by the modes that append it
 * @param availabilityId id of the AvailabilityChanged message appended with the counter the release leaves
 * @param cancelId       id of the CancelAllocation message (TIMEOUT, LATE, ABANDON)
 */
record ReleaseScript(
        Mode mode,
        UUID eventId,
        UUID orderId,
        Duration recordTtl,
        String reason,
        Instant occurredAt,
        UUID availabilityId,
        UUID cancelId) {

    static final String RESOURCE = "release.lua";

    ReleaseScript {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(orderId, "orderId");
        Objects.requireNonNull(recordTtl, "recordTtl");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(availabilityId, "availabilityId");
        Objects.requireNonNull(cancelId, "cancelId");
    }

    /** A call whose messages get fresh ids. */
    static ReleaseScript of(
            Mode mode, UUID eventId, UUID orderId, Duration recordTtl, String reason, Instant occurredAt) {
        return new ReleaseScript(
                mode, eventId, orderId, recordTtl, reason, occurredAt, UUID.randomUUID(), UUID.randomUUID());
    }

    /** Why the order ends, and so from which states (ARGV[1]). */
    enum Mode {
        /** Booking released the order (cancelled, expired, payment failed): from PENDING or HELD. */
        RELEASE,
        /** Booking refused the allocation: from PENDING. */
        REFUSE,
        /** No reply in time: from PENDING; appends CancelAllocation and forgets the idempotency key. */
        TIMEOUT,
        /** The answer would reach the gateway after it gave up: as TIMEOUT, also from HELD unless answered. */
        LATE,
        /** The place script's answer was lost: as LATE, and a tombstone when the gate has no record yet. */
        ABANDON
    }

    /** What the script answered first (its status word). */
    enum Result {
        /** Ended now; then: the new state and the counter after. */
        ENDED,
        /** Not in a state this mode ends; then: the state. */
        UNCHANGED,
        /** No record of the order. */
        UNKNOWN,
        /** ABANDON only: no record yet, and now the order id can no longer be placed. */
        TOMBSTONE;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1..5]: the order's record, the counter, live holds, the outbox, the hold timer. */
    List<String> keys() {
        return List.of(
                InventoryKeys.order(eventId, orderId),
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.outbox(eventId),
                InventoryKeys.holdTimer(eventId, orderId));
    }

    /** ARGV[1..11] as the header names them. */
    List<String> args() {
        return List.of(
                mode.name(),
                orderId.toString(),
                eventId.toString(),
                InventoryKeys.prefix(eventId),
                Long.toString(recordTtl.toSeconds()),
                reason,
                occurredAt.toString(),
                Topics.INVENTORY,
                availabilityId.toString(),
                Topics.HOLD_COMMANDS,
                cancelId.toString());
    }
}
