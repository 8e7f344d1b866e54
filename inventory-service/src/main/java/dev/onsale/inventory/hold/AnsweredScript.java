package dev.onsale.inventory.hold;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code answered.lua}, by name: {@link #keys()} as the script's header says (it takes no ARGV),
 * {@link Result#of} reads its reply.
 */
record AnsweredScript(UUID eventId, UUID orderId) {

    static final String RESOURCE = "answered.lua";

    AnsweredScript {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(orderId, "orderId");
    }

    /**
     * What the script answered: ANSWERED, or the state of an order that is not HELD (then nothing was marked; the
     * names of {@link OrderRecord.OrderState} but HELD), or UNKNOWN.
     */
    enum Result {
        /** The order is HELD and now marked: the replay may answer 201. */
        ANSWERED,
        PENDING,
        CONVERTED,
        RELEASED,
        REFUSED,
        TIMED_OUT,
        /** No record of the order. */
        UNKNOWN;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1]: the order's record. */
    List<String> keys() {
        return List.of(InventoryKeys.order(eventId, orderId));
    }
}
