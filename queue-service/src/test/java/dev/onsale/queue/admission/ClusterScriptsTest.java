package dev.onsale.queue.admission;

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

/**
 * pump.lua through {@link AdmissionPump}, with an operator's caps set by {@link AdmissionSettings}, on a real 3-node
 * cluster: every stroke of one event's pump (before the opening, under the default claim limit, under the operator's
 * maxActiveBuyers) admits the same buyers as on one server.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void everyPumpStrokeAdmitsTheSameBuyersOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        List<UUID> buyers =
                IntStream.range(0, 5).mapToObj(i -> UUID.randomUUID()).toList();

        List<Object> onOne = strokes(single, eventId, buyers);
        List<Object> onCluster = strokes(cluster, eventId, buyers);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne)
                .containsExactly(
                        new PumpStroke(PumpStroke.Outcome.NOT_OPEN, List.of(), 0, 0, 0),
                        new PumpStroke(PumpStroke.Outcome.ADMITTED, buyers.subList(0, 2), 3, 2, 0),
                        new PumpStroke(PumpStroke.Outcome.CLAIMED, List.of(), 3, 2, 0),
                        new AdmissionSettings.Caps(3, 1000),
                        new PumpStroke(PumpStroke.Outcome.ADMITTED, buyers.subList(2, 3), 2, 3, 0),
                        new PumpStroke(PumpStroke.Outcome.FULL, List.of(), 2, 3, 0),
                        List.of("3", "3"));
    }

    /** One event's pump strokes, as the clock makes them, and the operator's caps between; each answer, in order. */
    private static List<Object> strokes(UnifiedJedis jedis, UUID eventId, List<UUID> buyers) {
        AdmissionPump pump = new AdmissionPump(jedis, TestRooms.admissionDefaults());
        AdmissionSettings settings = new AdmissionSettings(jedis);
        TestRooms.known(jedis, eventId, 2, SaleState.OPEN, Instant.parse("2026-05-01T10:00:00Z"));
        List<Object> answers = new ArrayList<>();

        answers.add(pump.pump(eventId));
        TestRooms.opened(jedis, eventId);
        TestRooms.joined(jedis, eventId, buyers);

        // the defaults: no more buyers admitted than the 2 seats, until they hold or their claim window passes
        answers.add(pump.pump(eventId));
        answers.add(pump.pump(eventId));

        // an operator's maxActiveBuyers of 3 replaces the claim limit
        answers.add(settings.set(eventId, 3L, 1000L));
        answers.add(pump.pump(eventId));
        answers.add(pump.pump(eventId));
        answers.add(jedis.hmget(QueueKeys.stats(eventId), "admitted", "servingThrough"));
        return answers;
    }
}
