package dev.onsale.inventory.reconciliation;

import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.hold.HoldsProperties;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;
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

    private final UnifiedJedis jedis;
    private final StreamRegistry streams;
    private final HoldsProperties holds;
    private final Clock clock;

    GateInspection(UnifiedJedis jedis, StreamRegistry streams, HoldsProperties holds, Clock clock) {
        this.jedis = jedis;
        this.clock = clock;
        this.streams = streams;
        this.holds = holds;
    }

    /** The gate of {@code eventId} now, with the record state of each of {@code asked} (absent: no record). */
    GateSnapshot observe(UUID eventId, List<UUID> asked) {
        String prefix = InventoryKeys.prefix(eventId);
        var call = new ObserveScript(eventId, scan(prefix + "seat:*"), scan(prefix + "session:*"), asked);
        return call.snapshot(OBSERVE.run(jedis, call.keys(), call.args()));
    }

    /** @return whether the gate took the order's seats now (false: it counts the order already) */
    boolean adopt(UUID eventId, DatabaseOrder order) {
        return adopt(eventId, order, true);
    }

    /**
     * @param offTheCounter whether the order's seats come off the counter (false: a rebuilt counter excludes them)
     * @return whether the gate took the order's seats now (false: it counts the order already, or has no counter)
     */
    boolean adopt(UUID eventId, DatabaseOrder order, boolean offTheCounter) {
        var call = new AdoptScript(
                eventId, order, holds.idempotencyTtl(), clock.instant(), offTheCounter, UUID.randomUUID());
        return AdoptScript.Result.of(run(ADOPT, eventId, call.keys(), call.args())) == AdoptScript.Result.ADOPTED;
    }

    /**
     * Rebuilds a gate that has no counter from the database's side: the counter is the database's free seats, and
     * the live orders are for {@link #adopt} to take back (off a counter that already excludes them); sold seats
     * are claimed for their orders.
     *
     * @return whether the gate was rebuilt now (false: it has a counter)
     */
    boolean rebuild(ReconcileGate database) {
        var call = new RebuildScript(database, clock.instant(), UUID.randomUUID());
        return RebuildScript.Result.of(run(REBUILD, database.eventId(), call.keys(), call.args()))
                == RebuildScript.Result.REBUILT;
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
        return clear(ClearStaleScript.claim(eventId, seatId, orderId));
    }

    /** @return whether the session's live-order key was removed */
    boolean clearSession(UUID eventId, UUID sessionId, UUID orderId) {
        return clear(ClearStaleScript.session(eventId, sessionId, orderId));
    }

    /** Moves the counters by the deltas; returns them after. */
    List<Long> adjust(UUID eventId, long available, long liveHolds, long sold) {
        var call = new AdjustCountersScript(eventId, available, liveHolds, sold, clock.instant(), UUID.randomUUID());
        return AdjustCountersScript.counters(run(ADJUST_COUNTERS, eventId, call.keys(), call.args()));
    }

    private boolean clear(ClearStaleScript call) {
        return ClearStaleScript.Result.of(CLEAR_STALE.run(jedis, call.keys(), call.args()))
                == ClearStaleScript.Result.CLEARED;
    }

    /** Runs a script that appends to the event's outbox stream, which the stream relay then follows. */
    private Object run(LuaScript script, UUID eventId, List<String> keys, List<String> args) {
        streams.register(InventoryKeys.outbox(eventId));
        return script.run(jedis, keys, args);
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
}
