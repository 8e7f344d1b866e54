package dev.onsale.queue.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.SaleState;
import dev.onsale.platform.testing.RedisServers;
import dev.onsale.queue.TestRooms;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * dashboard.lua through {@link QueueDashboard} on a real 3-node cluster: an event's waiting room as its operator sees
 * it (pre-queue and line, admitted, active but not expired) reads as on one server.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void theOperatorsViewOfTheWaitingRoomReadsTheSameOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        List<UUID> buyers =
                IntStream.range(0, 5).mapToObj(i -> UUID.randomUUID()).toList();

        List<Optional<QueueDashboard.QueuePart>> onOne = reads(single, eventId, buyers);
        List<Optional<QueueDashboard.QueuePart>> onCluster = reads(cluster, eventId, buyers);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne)
                .containsExactly(
                        Optional.empty(),
                        Optional.of(new QueueDashboard.QueuePart(5, 0, 0)),
                        Optional.of(new QueueDashboard.QueuePart(3, 2, 1)));
    }

    /** Unknown; two in the pre-queue and three in line; one admitted for ten minutes, one whose admission expired. */
    private static List<Optional<QueueDashboard.QueuePart>> reads(UnifiedJedis jedis, UUID eventId, List<UUID> buyers) {
        QueueDashboard dashboard = new QueueDashboard(jedis);
        List<Optional<QueueDashboard.QueuePart>> reads = new ArrayList<>();
        reads.add(dashboard.read(eventId));
        TestRooms.known(jedis, eventId, 10, SaleState.OPEN, Instant.parse("2026-05-01T10:00:00Z"));
        TestRooms.joined(jedis, eventId, buyers.subList(0, 2));
        TestRooms.sealed(jedis, eventId, "seed-" + eventId);
        TestRooms.joined(jedis, eventId, buyers.subList(2, 5));
        reads.add(dashboard.read(eventId));
        TestRooms.admitted(
                jedis, eventId, buyers.get(2), UUID.randomUUID(), Instant.now().plusSeconds(600));
        TestRooms.admitted(
                jedis, eventId, buyers.get(3), UUID.randomUUID(), Instant.now().minusSeconds(1));
        reads.add(dashboard.read(eventId));
        return reads;
    }
}
