package dev.onsale.inventory.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.common.events.SaleState;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.hold.TestEvents;
import dev.onsale.platform.streamrelay.StreamRegistry;
import dev.onsale.platform.testing.RedisServers;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * Reconciliation's scripts (rebuild, adopt, observe after its SCAN, clear_stale, adjust_counters) run through
 * {@link GateInspection}, with the keys it builds, against a real 3-node Redis Cluster: no CROSSSLOT, no "non local
 * key", the SCAN for claims and sessions finds them on the node owning the event, and every call answers as on a
 * single server.
 */
class ClusterScriptsTest {

    private static final Instant AS_OF = Instant.parse("2026-05-01T10:00:00Z");

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void everyReconciliationScriptAnswersOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        List<Object> onOne = reconcile(single, eventId);
        List<Object> onCluster = reconcile(cluster, eventId);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne).startsWith(true, true, false);
    }

    private static List<Object> reconcile(UnifiedJedis jedis, UUID eventId) {
        GateInspection gate = new GateInspection(
                jedis,
                new StreamRegistry(jedis, "inventory:test-streams"),
                TestEvents.holdsProperties(),
                Clock.systemUTC());
        UUID session = UUID.fromString("00000000-0000-0000-0000-0000000000a1");
        UUID held = UUID.fromString("00000000-0000-0000-0000-0000000000b1");
        UUID gone = UUID.fromString("00000000-0000-0000-0000-0000000000b2");
        DatabaseOrder order = new DatabaseOrder(
                held,
                session,
                "HELD",
                List.of("A-1-3", "A-1-4"),
                AS_OF,
                Instant.now().plusSeconds(600));
        ReconcileGate database = new ReconcileGate(
                UUID.randomUUID(),
                eventId,
                AS_OF,
                1000,
                new ReconcileGate.Settings(10, SaleState.OPEN, 4, 600),
                6,
                2,
                2,
                List.of(order),
                1,
                1);
        List<Object> answers = new ArrayList<>();
        answers.add(gate.rebuild(database));
        answers.add(gate.adopt(eventId, order, false));
        answers.add(gate.adopt(eventId, order));
        jedis.set(InventoryKeys.seat(eventId, "A-2-1"), gone.toString());
        GateSnapshot snapshot = gate.observe(eventId, List.of(held, gone));
        answers.add(snapshot.available());
        answers.add(snapshot.liveHolds());
        answers.add(snapshot.sold());
        answers.add(snapshot.claims().size());
        answers.add(snapshot.sessions());
        answers.add(snapshot.states());
        answers.add(gate.clearClaim(eventId, "A-2-1", gone));
        answers.add(gate.clearClaim(eventId, "A-1-3", held));
        answers.add(gate.clearSession(eventId, session, held));
        answers.add(gate.adjust(eventId, -1, 0, 1));
        gate.forgetLive(eventId, gone);
        gate.addLive(eventId, held);
        answers.add(gate.observe(eventId, List.of()).live().size());
        return answers;
    }
}
