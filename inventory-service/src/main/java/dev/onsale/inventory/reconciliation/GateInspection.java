package dev.onsale.inventory.reconciliation;

import dev.onsale.common.Topics;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.hold.HoldsProperties;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Reconciliation's access to one event's gate: reads it in one atomic step ({@code observe.lua}, after a SCAN for
 * the seat claims and session keys, which have no index of their own) and applies the repairs that only
 * reconciliation makes (the scripts' headers say what each keeps). Ending and converting an order are the gate's
 * own paths ({@link dev.onsale.inventory.hold.Gate}).
 */
@Component
class GateInspection {

    private static final LuaScript OBSERVE = LuaScript.load(GateInspection.class, "observe.lua");
    private static final LuaScript ADOPT = LuaScript.load(GateInspection.class, "adopt.lua");
    private static final LuaScript CLEAR_STALE = LuaScript.load(GateInspection.class, "clear_stale.lua");
    private static final LuaScript ADJUST_COUNTERS = LuaScript.load(GateInspection.class, "adjust_counters.lua");
    private static final LuaScript REBUILD = LuaScript.load(GateInspection.class, "rebuild.lua");
    private static final int SCAN_BATCH = 1_000;

    private final JedisPooled jedis;
    private final StreamRegistry streams;
    private final HoldsProperties holds;
    private final Clock clock;

    GateInspection(JedisPooled jedis, StreamRegistry streams, HoldsProperties holds, Clock clock) {
        this.jedis = jedis;
        this.clock = clock;
        this.streams = streams;
        this.holds = holds;
    }

    /** The gate of {@code eventId} now, with the record state of each of {@code asked} (absent: no record). */
    GateSnapshot observe(UUID eventId, List<UUID> asked) {
        String prefix = InventoryKeys.prefix(eventId);
        List<String> claimKeys = scan(prefix + "seat:*");
        List<String> sessionKeys = scan(prefix + "session:*");
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.sold(eventId),
                InventoryKeys.live(eventId)));
        keys.addAll(claimKeys);
        keys.addAll(sessionKeys);
        List<String> args = new ArrayList<>(List.of(prefix, Integer.toString(claimKeys.size())));
        asked.forEach(id -> args.add(id.toString()));
        List<?> result = (List<?>) OBSERVE.run(jedis, keys, args);

        Optional<Long> available =
                result.get(0) instanceof String value ? Optional.of(Long.parseLong(value)) : Optional.empty();
        List<GateSnapshot.LiveOrder> live = new ArrayList<>();
        List<?> orders = (List<?>) result.get(4);
        for (int i = 0; i + 5 < orders.size(); i += 6) {
            String seats = (String) orders.get(i + 3);
            String session = (String) orders.get(i + 4);
            live.add(new GateSnapshot.LiveOrder(
                    UUID.fromString((String) orders.get(i)),
                    (String) orders.get(i + 1),
                    parseQuantity((String) orders.get(i + 2)),
                    seats.isEmpty() ? List.of() : Arrays.asList(seats.split(",")),
                    session.isEmpty() ? null : UUID.fromString(session),
                    parseInstant((String) orders.get(i + 5))));
        }
        Map<String, UUID> claims = new LinkedHashMap<>();
        named(claimKeys, (List<?>) result.get(5))
                .forEach((key, order) -> claims.put(key.substring((prefix + "seat:").length()), order));
        Map<UUID, UUID> sessions = new LinkedHashMap<>();
        named(sessionKeys, (List<?>) result.get(6))
                .forEach((key, order) ->
                        sessions.put(UUID.fromString(key.substring((prefix + "session:").length())), order));
        Map<UUID, String> states = new HashMap<>();
        List<?> askedStates = (List<?>) result.get(7);
        for (int i = 0; i < asked.size(); i++) {
            if (askedStates.get(i) instanceof String state) {
                states.put(asked.get(i), state);
            }
        }
        return new GateSnapshot(
                Instant.ofEpochMilli((Long) result.get(3)),
                available,
                (Long) result.get(1),
                (Long) result.get(2),
                live,
                claims,
                sessions,
                states);
    }

    /** @return whether the gate took the order's seats now (false: it counts the order already) */
    boolean adopt(UUID eventId, DatabaseOrder order) {
        return adopt(eventId, order, true);
    }

    /**
     * @param offTheCounter whether the order's seats come off the counter (false: a rebuilt counter excludes them)
     * @return whether the gate took the order's seats now (false: it counts the order already)
     */
    boolean adopt(UUID eventId, DatabaseOrder order, boolean offTheCounter) {
        Instant now = clock.instant();
        long timerSeconds =
                Math.max(1, (Duration.between(now, order.expiresAt()).toMillis() + 999) / 1000);
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.order(eventId, order.orderId()),
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                outbox(eventId),
                InventoryKeys.holdTimer(eventId, order.orderId())));
        order.seatIds().forEach(seat -> keys.add(InventoryKeys.seat(eventId, seat)));
        List<?> result = (List<?>) ADOPT.run(
                jedis,
                keys,
                List.of(
                        order.orderId().toString(),
                        eventId.toString(),
                        InventoryKeys.prefix(eventId),
                        order.sessionId().toString(),
                        order.expiresAt().toString(),
                        Long.toString(timerSeconds),
                        Long.toString(holds.idempotencyTtl().toSeconds()),
                        now.toString(),
                        Topics.INVENTORY,
                        UUID.randomUUID().toString(),
                        offTheCounter ? "1" : "0"));
        return "ADOPTED".equals(result.get(0));
    }

    /**
     * Rebuilds a gate that has no counter from the database's side: the counter is the database's free seats, and
     * the live orders are for {@link #adopt} to take back (off a counter that already excludes them); sold seats
     * are claimed for their orders.
     *
     * @return whether the gate was rebuilt now (false: it has a counter)
     */
    boolean rebuild(ReconcileGate database) {
        UUID eventId = database.eventId();
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.available(eventId),
                InventoryKeys.capacity(eventId),
                InventoryKeys.saleState(eventId),
                InventoryKeys.settings(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.sold(eventId),
                outbox(eventId)));
        ReconcileGate.Settings settings = database.settings();
        List<String> args = new ArrayList<>(List.of(
                Integer.toString(settings.capacity()),
                settings.saleState().name(),
                Integer.toString(settings.maxPerOrder()),
                Integer.toString(settings.holdTtlSeconds()),
                Integer.toString(database.free()),
                Integer.toString(database.sold()),
                eventId.toString(),
                clock.instant().toString(),
                Topics.INVENTORY,
                UUID.randomUUID().toString()));
        for (DatabaseOrder order : database.orders()) {
            if (order.confirmed()) {
                for (String seat : order.seatIds()) {
                    keys.add(InventoryKeys.seat(eventId, seat));
                    args.add(order.orderId().toString());
                }
            }
        }
        List<?> result = (List<?>) REBUILD.run(jedis, keys, args);
        return "REBUILT".equals(result.get(0));
    }

    /** Lists a live order the live set misses (placed before the set existed, or by a replica that did not keep it). */
    void addLive(UUID eventId, UUID orderId) {
        jedis.sadd(InventoryKeys.live(eventId), orderId.toString());
    }

    /** Drops from the live set an order the gate has no record of. */
    void forgetLive(UUID eventId, UUID orderId) {
        jedis.srem(InventoryKeys.live(eventId), orderId.toString());
    }

    /** @return whether the seat's claim was removed (false: it names another order now, or a live one) */
    boolean clearClaim(UUID eventId, String seatId, UUID orderId) {
        return clear(eventId, InventoryKeys.seat(eventId, seatId), orderId);
    }

    /** @return whether the session's live-order key was removed */
    boolean clearSession(UUID eventId, UUID sessionId, UUID orderId) {
        return clear(eventId, InventoryKeys.session(eventId, sessionId), orderId);
    }

    /** Moves the counters by the deltas; returns them after. */
    List<Long> adjust(UUID eventId, long available, long liveHolds, long sold) {
        List<?> result = (List<?>) ADJUST_COUNTERS.run(
                jedis,
                List.of(
                        InventoryKeys.available(eventId),
                        InventoryKeys.liveHolds(eventId),
                        InventoryKeys.sold(eventId),
                        outbox(eventId)),
                List.of(
                        Long.toString(available),
                        Long.toString(liveHolds),
                        Long.toString(sold),
                        eventId.toString(),
                        clock.instant().toString(),
                        Topics.INVENTORY,
                        UUID.randomUUID().toString()));
        return result.stream().map(Long.class::cast).toList();
    }

    private boolean clear(UUID eventId, String key, UUID orderId) {
        return "CLEARED"
                .equals(CLEAR_STALE.run(
                        jedis, List.of(key), List.of(orderId.toString(), InventoryKeys.prefix(eventId))));
    }

    private List<String> scan(String pattern) {
        List<String> keys = new ArrayList<>();
        ScanParams params = new ScanParams().match(pattern).count(SCAN_BATCH);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = jedis.scan(cursor, params);
            keys.addAll(page.getResult());
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return keys.stream().distinct().toList();
    }

    /** Keys paired with the order ids they held when observed; keys gone since the SCAN are left out. */
    private static Map<String, UUID> named(List<String> keys, List<?> values) {
        Map<String, UUID> named = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            if (values.get(i) instanceof String value) {
                try {
                    named.put(keys.get(i), UUID.fromString(value));
                } catch (IllegalArgumentException notAnOrder) {
                    named.put(keys.get(i), new UUID(0, 0));
                }
            }
        }
        return named;
    }

    private String outbox(UUID eventId) {
        String outbox = InventoryKeys.outbox(eventId);
        streams.register(outbox);
        return outbox;
    }

    private static int parseQuantity(String quantity) {
        try {
            return Integer.parseInt(quantity);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Instant parseInstant(String instant) {
        try {
            return Instant.parse(instant);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }
}
