package dev.onsale.inventory.reconciliation;

import dev.onsale.common.Topics;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code adjust_counters.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's
 * header says, {@link #counters} reads its reply.
 *
 * @param available how far the counter moves (any sign)
 * @param liveHolds how far the count of live holds moves
 * @param sold how far the count of sold seats moves
 * @param occurredAt when the repair happens
 * @param availabilityId id of the AvailabilityChanged message the script appends
 */
record AdjustCountersScript(
        UUID eventId, long available, long liveHolds, long sold, Instant occurredAt, UUID availabilityId) {

    static final String RESOURCE = "adjust_counters.lua";

    AdjustCountersScript {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(availabilityId, "availabilityId");
    }

    /** KEYS[1..4]: the counter, live holds, sold, the outbox. */
    List<String> keys() {
        return List.of(
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.sold(eventId),
                InventoryKeys.outbox(eventId));
    }

    /** ARGV[1..7] as the header names them. */
    List<String> args() {
        return List.of(
                Long.toString(available),
                Long.toString(liveHolds),
                Long.toString(sold),
                eventId.toString(),
                occurredAt.toString(),
                Topics.INVENTORY,
                availabilityId.toString());
    }

    /** The reply: the counter, live holds and sold after the move. */
    static List<Long> counters(Object reply) {
        List<?> values = ScriptReply.list(RESOURCE, reply);
        if (values.size() != 3 || !values.stream().allMatch(Long.class::isInstance)) {
            throw new IllegalStateException(RESOURCE + " answered " + reply + ", not three counters");
        }
        return values.stream().map(Long.class::cast).toList();
    }
}
