package dev.onsale.inventory.reconciliation;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code clear_stale.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's header
 * says, {@link Result#of} reads its reply.
 *
 * @param key the seat claim or the session's live-order key that was found naming {@code orderId}
 * @param orderId the order the key named when it was found
 */
record ClearStaleScript(UUID eventId, String key, UUID orderId) {

    static final String RESOURCE = "clear_stale.lua";

    ClearStaleScript {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(orderId, "orderId");
    }

    /** A seat's claim. */
    static ClearStaleScript claim(UUID eventId, String seatId, UUID orderId) {
        return new ClearStaleScript(eventId, InventoryKeys.seat(eventId, seatId), orderId);
    }

    /** A session's live-order key. */
    static ClearStaleScript session(UUID eventId, UUID sessionId, UUID orderId) {
        return new ClearStaleScript(eventId, InventoryKeys.session(eventId, sessionId), orderId);
    }

    /** What the script answered. */
    enum Result {
        /** The key named that order, which is not live: removed. */
        CLEARED,
        /** The key names another order now, is gone, or its order is live again: kept. */
        UNCHANGED;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1]: the key. */
    List<String> keys() {
        return List.of(key);
    }

    /** ARGV[1..2]: the order id, the event's key prefix. */
    List<String> args() {
        return List.of(orderId.toString(), InventoryKeys.prefix(eventId));
    }
}
