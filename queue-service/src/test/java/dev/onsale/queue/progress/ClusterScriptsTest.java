package dev.onsale.queue.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.SaleState;
import dev.onsale.platform.testing.RedisServers;
import dev.onsale.queue.TestRooms;
import java.time.Duration;
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
 * progress.lua through {@link ProgressReader} on a real 3-node cluster: an event's progress document, from unknown
 * through the pre-queue, the seal and an admission to sold out, reads as on one server (but for when it was read).
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();
    private static final Instant OPENS_AT = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void theProgressDocumentReadsTheSameOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        List<UUID> buyers =
                IntStream.range(0, 4).mapToObj(i -> UUID.randomUUID()).toList();

        List<Optional<Progress>> onOne = reads(single, eventId, buyers);
        List<Optional<Progress>> onCluster = reads(cluster, eventId, buyers);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne)
                .containsExactly(
                        Optional.empty(),
                        Optional.of(progress(eventId, false, 0, 2, false)),
                        Optional.of(progress(eventId, false, 0, 4, false)),
                        Optional.of(progress(eventId, false, 3, 3, false)),
                        Optional.of(progress(eventId, false, 3, 3, true)));
    }

    /** One event's progress as its readers see it over the sale; {@code updatedAt} left out. */
    private static List<Optional<Progress>> reads(UnifiedJedis jedis, UUID eventId, List<UUID> buyers) {
        ProgressReader reader = new ProgressReader(
                jedis, TestRooms.admissionDefaults(), new ProgressProperties(Duration.ofSeconds(1), 500));
        List<Optional<Progress>> reads = new ArrayList<>();
        reads.add(reader.read(eventId));
        TestRooms.known(jedis, eventId, 10, SaleState.SCHEDULED, OPENS_AT);
        TestRooms.joined(jedis, eventId, buyers.subList(0, 2));
        reads.add(read(reader, eventId));
        TestRooms.sealed(jedis, eventId, "seed-" + eventId);
        TestRooms.joined(jedis, eventId, buyers.subList(2, 4));
        reads.add(read(reader, eventId));
        TestRooms.admitted(
                jedis, eventId, buyers.get(2), UUID.randomUUID(), Instant.now().plusSeconds(600));
        reads.add(read(reader, eventId));
        TestRooms.soldOut(jedis, eventId);
        reads.add(read(reader, eventId));
        return reads;
    }

    private static Optional<Progress> read(ProgressReader reader, UUID eventId) {
        Progress progress = reader.read(eventId).orElseThrow();
        assertThat(progress.updatedAt()).isNotNull();
        return Optional.of(progress.withUpdatedAt(Instant.EPOCH));
    }

    private static Progress progress(
            UUID eventId, boolean opened, long servingThrough, long lineLength, boolean soldOut) {
        return new Progress(
                eventId, "SCHEDULED", OPENS_AT, opened, servingThrough, lineLength, 200, soldOut, 1000, Instant.EPOCH);
    }
}
