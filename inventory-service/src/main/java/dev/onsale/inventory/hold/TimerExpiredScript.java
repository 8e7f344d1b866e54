package dev.onsale.inventory.hold;

import dev.onsale.common.Topics;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code timer_expired.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's
 * header says, {@link Result#of} reads its reply.
 *
 * @param messageId id of the HoldTimerExpired message
 */
record TimerExpiredScript(UUID eventId, UUID orderId, Instant expiredAt, UUID messageId) {

    static final String RESOURCE = "timer_expired.lua";

    TimerExpiredScript {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(orderId, "orderId");
        Objects.requireNonNull(expiredAt, "expiredAt");
        Objects.requireNonNull(messageId, "messageId");
    }

    /** A call whose message gets a fresh id. */
    static TimerExpiredScript of(UUID eventId, UUID orderId, Instant expiredAt) {
        return new TimerExpiredScript(eventId, orderId, expiredAt, UUID.randomUUID());
    }

    /** What the script answered. */
    enum Result {
        /** This call appended HoldTimerExpired. */
        APPENDED,
        /** Another subscriber relayed it already. */
        DUPLICATE,
        /** No record of the order: nothing to tell. */
        UNKNOWN;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1..2]: the order's record, the outbox. */
    List<String> keys() {
        return List.of(InventoryKeys.order(eventId, orderId), InventoryKeys.outbox(eventId));
    }

    /** ARGV[1..5] as the header names them. */
    List<String> args() {
        return List.of(
                orderId.toString(), eventId.toString(), expiredAt.toString(), Topics.INVENTORY, messageId.toString());
    }
}
