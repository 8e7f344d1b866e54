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
 * One call of {@code convert.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's header
 * says, {@link Result#of} reads its reply.
 *
 * @param recordTtl      how long the converted order's record is kept
 * @param availabilityId id of the AvailabilityChanged message appended when the event is sold out for good
 */
record ConvertScript(UUID eventId, UUID orderId, Duration recordTtl, Instant occurredAt, UUID availabilityId) {

    static final String RESOURCE = "convert.lua";

    ConvertScript {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(orderId, "orderId");
        Objects.requireNonNull(recordTtl, "recordTtl");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(availabilityId, "availabilityId");
    }

    /** A call whose message gets a fresh id. */
    static ConvertScript of(UUID eventId, UUID orderId, Duration recordTtl, Instant occurredAt) {
        return new ConvertScript(eventId, orderId, recordTtl, occurredAt, UUID.randomUUID());
    }

    /** What the script answered first (its status word). */
    enum Result {
        /** Converted now. */
        CONVERTED,
        /** Not PENDING or HELD (converted or ended before); then: the state. */
        UNCHANGED,
        /** No record of the order. */
        UNKNOWN;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1..6]: the order's record, the counter, live holds, sold, the outbox, the hold timer. */
    List<String> keys() {
        return List.of(
                InventoryKeys.order(eventId, orderId),
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.sold(eventId),
                InventoryKeys.outbox(eventId),
                InventoryKeys.holdTimer(eventId, orderId));
    }

    /** ARGV[1..7] as the header names them. */
    List<String> args() {
        return List.of(
                orderId.toString(),
                eventId.toString(),
                InventoryKeys.prefix(eventId),
                Long.toString(recordTtl.toSeconds()),
                occurredAt.toString(),
                Topics.INVENTORY,
                availabilityId.toString());
    }
}
