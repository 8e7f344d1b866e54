package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.SeatsAllocated;
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
 * Every script of the gate's hold path (place, answered, mark_held, convert, release in each mode, timer_expired)
 * run through {@link Gate}, with the keys it builds, against a real 3-node Redis Cluster: no CROSSSLOT, no "non local
 * key", and every call answers as it does on a single server for the same calls.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void everyHoldScriptAnswersOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        List<Object> onOne = holdLifecycle(single, eventId);
        List<Object> onCluster = holdLifecycle(cluster, eventId);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne).doesNotContainNull().hasSize(16);
    }

    /** One event's orders through every path of the gate; each call's answer, in order. */
    private static List<Object> holdLifecycle(UnifiedJedis jedis, UUID eventId) {
        Gate gate = new Gate(
                jedis,
                new StreamRegistry(jedis, "inventory:test-streams"),
                TestEvents.holdsProperties(),
                Clock.systemUTC());
        TestEvents.openWith(jedis, eventId, 10, 4);
        UUID session = UUID.fromString("00000000-0000-0000-0000-0000000000a1");
        UUID other = UUID.fromString("00000000-0000-0000-0000-0000000000a2");
        UUID third = UUID.fromString("00000000-0000-0000-0000-0000000000a3");
        UUID paid = UUID.fromString("00000000-0000-0000-0000-0000000000b1");
        UUID refused = UUID.fromString("00000000-0000-0000-0000-0000000000b2");
        UUID timedOut = UUID.fromString("00000000-0000-0000-0000-0000000000b3");
        UUID abandoned = UUID.fromString("00000000-0000-0000-0000-0000000000b4");
        List<Object> answers = new ArrayList<>();

        // place.lua with chosen seats and an idempotency key, then its replay; mark_held.lua; answered.lua;
        // timer_expired.lua; convert.lua
        answers.add(kind(gate.place(paid, HoldRequest.ofSeats(eventId, session, List.of("A-1-1", "A-1-2"), "k1"))));
        answers.add(kind(
                gate.place(UUID.randomUUID(), HoldRequest.ofSeats(eventId, session, List.of("A-1-1", "A-1-2"), "k1"))));
        answers.add(kind(gate.place(UUID.randomUUID(), HoldRequest.ofSeats(eventId, other, List.of("A-1-1"), null))));
        answers.add(gate.markHeld(allocated(paid, eventId, session, List.of("A-1-1", "A-1-2"))));
        answers.add(gate.markAnswered(eventId, paid).orElse("-"));
        answers.add(gate.timerExpired(eventId, paid, Instant.parse("2026-05-01T10:10:00Z")));
        answers.add(gate.convert(eventId, paid));
        answers.add(gate.convert(eventId, paid));

        // release.lua REFUSE, TIMEOUT, RELEASE and ABANDON (a tombstone, then a place over it)
        answers.add(kind(gate.place(refused, HoldRequest.ofQuantity(eventId, other, 2, null))));
        answers.add(gate.refuse(new AllocationRefused(refused, eventId, AllocationRefused.Reason.SOLD_OUT)));
        answers.add(kind(gate.place(timedOut, HoldRequest.ofQuantity(eventId, other, 1, "k2"))));
        answers.add(gate.timeOut(eventId, timedOut));
        answers.add(gate.release(eventId, timedOut, "CANCELLED"));
        gate.abandon(eventId, abandoned);
        answers.add(kind(gate.place(abandoned, HoldRequest.ofQuantity(eventId, third, 1, null))));
        answers.add(gate.order(eventId, paid).map(OrderRecord::state).orElseThrow());
        answers.add(TestEvents.available(jedis, eventId) + "/" + TestEvents.liveHolds(jedis, eventId) + "/"
                + TestEvents.sold(jedis, eventId));
        return answers;
    }

    private static String kind(Placement placement) {
        return placement.getClass().getSimpleName();
    }

    private static SeatsAllocated allocated(UUID orderId, UUID eventId, UUID session, List<String> seats) {
        return new SeatsAllocated(
                orderId,
                eventId,
                session,
                seats,
                3000L * seats.size(),
                "EUR",
                Instant.now().plusSeconds(600));
    }
}
