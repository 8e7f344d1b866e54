package dev.onsale.queue.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.onsale.common.events.AvailabilityChanged;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.RedisServers;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.catalog.CatalogEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * availability.lua through {@link AvailabilityRecorder} on a real 3-node cluster: one event's availability messages
 * (recorded, redelivered, out of order, sold out, later seats) leave the same record as on one server.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();
    private static final Instant AT = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void availabilityMessagesLeaveTheSameRecordOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        Envelope five = changed(eventId, 5, 2, AT);
        List<Envelope> messages = List.of(
                five,
                five,
                changed(eventId, 7, 0, AT.minusSeconds(1)),
                changed(eventId, 0, 0, AT.plusSeconds(1)),
                changed(eventId, 3, 0, AT.plusSeconds(2)));

        List<Map<String, String>> onOne = apply(single, eventId, messages);
        List<Map<String, String>> onCluster = apply(cluster, eventId, messages);

        assertThat(onCluster).isEqualTo(onOne);
        Map<String, String> recorded = Map.of("available", "5", "liveHolds", "2", "at", millis(AT));
        assertThat(onOne)
                .containsExactly(
                        recorded, recorded, recorded, soldOut("0", AT.plusSeconds(1)), soldOut("3", AT.plusSeconds(2)));
    }

    /** Each message applied in turn; the event's availability record after each. */
    private static List<Map<String, String>> apply(UnifiedJedis jedis, UUID eventId, List<Envelope> messages) {
        CatalogEvents catalog = mock(CatalogEvents.class);
        when(catalog.inboxTtl()).thenReturn(Duration.ofDays(30));
        AvailabilityRecorder recorder = new AvailabilityRecorder(jedis, catalog);
        List<Map<String, String>> records = new ArrayList<>();
        for (Envelope message : messages) {
            recorder.apply(message);
            records.add(jedis.hgetAll(QueueKeys.availability(eventId)));
        }
        return records;
    }

    /** Inventory's message, as it would have sent it at {@code at}. */
    private static Envelope changed(UUID eventId, long available, long liveHolds, Instant at) {
        Envelope wrapped = Envelope.wrap(
                eventId.toString(),
                new AvailabilityChanged(eventId, available, liveHolds, available == 0 && liveHolds == 0));
        return new Envelope(wrapped.messageId(), wrapped.eventType(), at, wrapped.key(), wrapped.payload());
    }

    /** The record once latched sold out: {@code available} as last reported, no live holds. */
    private static Map<String, String> soldOut(String available, Instant at) {
        return Map.of("available", available, "liveHolds", "0", "at", millis(at), "soldOut", "1");
    }

    private static String millis(Instant at) {
        return Long.toString(at.toEpochMilli());
    }
}
