package dev.onsale.inventory.reconciliation;

import dev.onsale.common.Topics;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * One call of {@code rebuild.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's header
 * says, {@link Result#of} reads its reply.
 *
 * @param database the database's side of the event: settings, free and sold seats, and its orders (the confirmed
 *     ones' seats are claimed)
 * @param occurredAt when the rebuild happens
 * @param availabilityId id of the AvailabilityChanged message the script appends
 */
record RebuildScript(ReconcileGate database, Instant occurredAt, UUID availabilityId) {

    static final String RESOURCE = "rebuild.lua";

    RebuildScript {
        Objects.requireNonNull(database, "database");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(availabilityId, "availabilityId");
    }

    /** What the script answered first (its status word). */
    enum Result {
        /** The gate exists again; then: the counter. */
        REBUILT,
        /** The event has a counter already: nothing changed. */
        UNCHANGED;

        static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1..7]: the counter, capacity, sale state, settings, live holds, sold, the outbox; then each sold seat. */
    List<String> keys() {
        UUID eventId = database.eventId();
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.available(eventId),
                InventoryKeys.capacity(eventId),
                InventoryKeys.saleState(eventId),
                InventoryKeys.settings(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.sold(eventId),
                InventoryKeys.outbox(eventId)));
        soldSeats((seat, order) -> keys.add(InventoryKeys.seat(eventId, seat)));
        return keys;
    }

    /** ARGV[1..10] as the header names them; then the order of each sold seat, in the order of its key. */
    List<String> args() {
        ReconcileGate.Settings settings = database.settings();
        List<String> args = new ArrayList<>(List.of(
                Integer.toString(settings.capacity()),
                settings.saleState().name(),
                Integer.toString(settings.maxPerOrder()),
                Integer.toString(settings.holdTtlSeconds()),
                Integer.toString(database.free()),
                Integer.toString(database.sold()),
                database.eventId().toString(),
                occurredAt.toString(),
                Topics.INVENTORY,
                availabilityId.toString()));
        soldSeats((seat, order) -> args.add(order.toString()));
        return args;
    }

    private void soldSeats(BiConsumer<String, UUID> each) {
        for (DatabaseOrder order : database.orders()) {
            if (order.confirmed()) {
                order.seatIds().forEach(seat -> each.accept(seat, order.orderId()));
            }
        }
    }
}
