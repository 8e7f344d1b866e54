package dev.onsale.inventory.hold;

import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code mark_held.lua}, applying booking's SeatsAllocated at {@code now}: {@link #keys()} and
 * {@link #args()} lay it out as the script's header says, {@link Result#of} reads its reply.
 */
record MarkHeldScript(SeatsAllocated allocated, Instant now) {

    static final String RESOURCE = "mark_held.lua";

    MarkHeldScript {
        Objects.requireNonNull(allocated, "allocated");
        Objects.requireNonNull(now, "now");
    }

    /** What the script answered first (its status word). */
    enum Result {
        /** The order went from PENDING to HELD now. */
        HELD,
        /** It was no longer PENDING; then: its state. */
        UNCHANGED,
        /** No record of the order. */
        UNKNOWN;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1..2]: the order's record and its hold timer, then KEYS[3..]: one claim per allocated seat. */
    List<String> keys() {
        UUID eventId = allocated.eventId();
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.order(eventId, allocated.orderId()),
                InventoryKeys.holdTimer(eventId, allocated.orderId())));
        allocated.seatIds().forEach(seat -> keys.add(InventoryKeys.seat(eventId, seat)));
        return keys;
    }

    /** ARGV[1..6] as the header names them. */
    List<String> args() {
        return List.of(
                allocated.orderId().toString(),
                Long.toString(timerSeconds()),
                Long.toString(allocated.amountCents()),
                allocated.currency(),
                allocated.expiresAt().toString(),
                String.join(",", allocated.seatIds()));
    }

    /** The hold timer's TTL: whole seconds until expiresAt, rounded up, at least 1 (the script refuses less). */
    long timerSeconds() {
        return Math.max(1, (Duration.between(now, allocated.expiresAt()).toMillis() + 999) / 1000);
    }
}
