package dev.onsale.queue.opening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.SaleState;
import dev.onsale.platform.testing.RedisServers;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.TestRooms;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.resps.Tuple;

/**
 * seal.lua and open.lua through {@link Opening} on a real 3-node cluster: an event's opening draws its pre-queue into
 * places 1..n in the order its recorded seed gives, once, as on one server; and an opening sealed before a crash is
 * completed from the recorded seed. The seed is drawn at random, so the answers compare the places and whether the
 * line follows the recorded seed, not the order itself.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();
    private static final Instant DUE = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void anOpeningDrawsThePreQueueIntoTheLineOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        List<UUID> early =
                IntStream.range(0, 5).mapToObj(i -> UUID.randomUUID()).toList();

        List<Object> onOne = opening(single, eventId, early);
        List<Object> onCluster = opening(cluster, eventId, early);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne)
                .containsExactly(
                        false, true, true, List.of(1.0, 2.0, 3.0, 4.0, 5.0), true, List.of("open", "5"), "5", false);
    }

    @Test
    void anOpeningSealedBeforeACrashIsCompletedFromItsSeedOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        List<UUID> early =
                IntStream.range(0, 3).mapToObj(i -> UUID.randomUUID()).toList();

        List<Object> onOne = completion(single, eventId, early);
        List<Object> onCluster = completion(cluster, eventId, early);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne).containsExactly(true, OpeningOrder.of("seed-" + eventId, strings(early)));
    }

    /** The opening of one event, due by the clock, tried before it is due and twice after; each answer, in order. */
    private static List<Object> opening(UnifiedJedis jedis, UUID eventId, List<UUID> early) {
        Opening opening = new Opening(jedis);
        TestRooms.known(jedis, eventId, 10, SaleState.SCHEDULED, DUE);
        TestRooms.joined(jedis, eventId, early);
        List<Object> answers = new ArrayList<>();

        answers.add(opening.openIfDue(eventId, DUE.minusSeconds(1)));
        answers.add(opening.openIfDue(eventId, DUE));
        answers.add(opening.openIfDue(eventId, DUE.plusSeconds(1)));

        List<Tuple> line = jedis.zrangeWithScores(QueueKeys.line(eventId), 0, -1);
        answers.add(line.stream().map(Tuple::getScore).toList());
        String seed = jedis.hget(QueueKeys.opening(eventId), "seed");
        answers.add(line.stream().map(Tuple::getElement).toList().equals(OpeningOrder.of(seed, strings(early))));
        answers.add(jedis.hmget(QueueKeys.opening(eventId), "state", "count"));
        answers.add(jedis.get(QueueKeys.sequence(eventId)));
        answers.add(jedis.exists(QueueKeys.preQueue(eventId)));
        return answers;
    }

    /** A replica sealed the opening and stopped; the next check moves the pre-queue in the recorded seed's order. */
    private static List<Object> completion(UnifiedJedis jedis, UUID eventId, List<UUID> early) {
        Opening opening = new Opening(jedis);
        TestRooms.known(jedis, eventId, 10, SaleState.OPEN, DUE);
        TestRooms.joined(jedis, eventId, early);
        TestRooms.sealed(jedis, eventId, "seed-" + eventId);

        return List.of(opening.openIfDue(eventId, DUE), jedis.zrange(QueueKeys.line(eventId), 0, -1));
    }

    private static List<String> strings(List<UUID> sessions) {
        return sessions.stream().map(UUID::toString).toList();
    }
}
