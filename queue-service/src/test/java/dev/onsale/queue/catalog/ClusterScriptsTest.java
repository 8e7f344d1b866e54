package dev.onsale.queue.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.RedisServers;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.opening.Opening;
import java.time.Clock;
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
 * record_event.lua through {@link CatalogEvents} and its {@link EventRecorder} on a real 3-node cluster: an event's
 * creation, its sale opened and the creation redelivered leave the same record as on one server (the opening it
 * triggers is opening's ClusterScriptsTest's, so a stand-in takes it here).
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();
    private static final Instant OPENS_AT = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void catalogMessagesLeaveTheSameEventRecordOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        Envelope created = Envelope.wrap(
                eventId.toString(),
                new EventCreated(
                        eventId,
                        "Concert",
                        "Hall",
                        Instant.parse("2026-06-01T19:00:00Z"),
                        OPENS_AT,
                        SaleState.SCHEDULED,
                        true,
                        10,
                        "EUR",
                        600,
                        4));
        Envelope opened =
                Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.SCHEDULED, SaleState.OPEN));

        List<Object> onOne = apply(single, eventId, created, opened);
        List<Object> onCluster = apply(cluster, eventId, created, opened);

        assertThat(onCluster).isEqualTo(onOne);
        Map<String, String> scheduled =
                Map.of("saleOpensAt", OPENS_AT.toString(), "saleState", "SCHEDULED", "capacity", "10");
        Map<String, String> open = Map.of("saleOpensAt", OPENS_AT.toString(), "saleState", "OPEN", "capacity", "10");
        assertThat(onOne).containsExactly(scheduled, open, open, true);
    }

    /** The creation, the sale opened, the creation again; the event's record after each, and whether it is known. */
    private static List<Object> apply(UnifiedJedis jedis, UUID eventId, Envelope created, Envelope opened) {
        CatalogProperties properties = new CatalogProperties(Duration.ofDays(30));
        CatalogEvents catalog = new CatalogEvents(
                new EventRecorder(jedis, properties, new KnownEvents(jedis)),
                properties,
                mock(Opening.class),
                Clock.systemUTC());
        List<Object> answers = new ArrayList<>();
        for (Envelope message : List.of(created, opened, created)) {
            catalog.apply(message);
            answers.add(jedis.hgetAll(QueueKeys.event(eventId)));
        }
        answers.add(new KnownEvents(jedis).all().contains(eventId));
        return answers;
    }
}
