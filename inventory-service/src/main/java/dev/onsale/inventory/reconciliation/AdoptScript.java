package dev.onsale.inventory.reconciliation;

import dev.onsale.common.Topics;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code adopt.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's header says,
 * {@link Result#of} reads its reply.
 *
 * @param order the database's order the gate takes back, with its seats, session and expiry
 * @param sessionTtl how long the session's live-order key is kept
 * @param occurredAt when the repair happens (also what the hold timer counts from)
 * @param offTheCounter whether the order's seats come off the counter (false: a rebuilt counter excludes them)
 * @param availabilityId id of the AvailabilityChanged message the script appends
 */
record AdoptScript(
        UUID eventId,
        DatabaseOrder order,
        Duration sessionTtl,
        Instant occurredAt,
        boolean offTheCounter,
        UUID availabilityId) {

    static final String RESOURCE = "adopt.lua";

    AdoptScript {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(sessionTtl, "sessionTtl");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(availabilityId, "availabilityId");
    }

    /** What the script answered first (its status word). */
    enum Result {
        /** The order is a live HELD hold at the gate now; then: the counter after. */
        ADOPTED,
        /** The gate counts the order already; then: its state. */
        UNCHANGED,
        /** The event has no counter: nothing changed. */
        NO_GATE;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** The hold timer's TTL: the seconds left until the order expires, rounded up, and at least one. */
    long timerSeconds() {
        return Math.max(1, (Duration.between(occurredAt, order.expiresAt()).toMillis() + 999) / 1000);
    }

    /** KEYS[1..5]: the order's record, the counter, live holds, the outbox, the hold timer; then a claim per seat. */
    List<String> keys() {
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.order(eventId, order.orderId()),
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.outbox(eventId),
                InventoryKeys.holdTimer(eventId, order.orderId())));
        order.seatIds().forEach(seat -> keys.add(InventoryKeys.seat(eventId, seat)));
        return keys;
    }

    /** ARGV[1..11] as the header names them. */
    List<String> args() {
        return List.of(
                order.orderId().toString(),
                eventId.toString(),
                InventoryKeys.prefix(eventId),
                order.sessionId().toString(),
                order.expiresAt().toString(),
                Long.toString(timerSeconds()),
                Long.toString(sessionTtl.toSeconds()),
                occurredAt.toString(),
                Topics.INVENTORY,
                availabilityId.toString(),
                offTheCounter ? "1" : "0");
    }
}
