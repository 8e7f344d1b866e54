package dev.onsale.queue.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

@QueueServiceTest
class CatalogEventsIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Instant OPENS = Instant.parse("2026-12-01T10:00:00Z");

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    private final UUID eventId = UUID.randomUUID();

    @Test
    void anEventCreatedLandsInTheWaitingRoomsRecordOfTheEvent() throws Exception {
        Envelope created = Envelope.wrap(eventId.toString(), created());

        publish(created);

        await().atMost(WAIT).until(() -> jedis.exists(QueueKeys.event(eventId)));
        assertThat(jedis.hgetAll(QueueKeys.event(eventId)))
                .isEqualTo(Map.of("saleOpensAt", OPENS.toString(), "saleState", "SCHEDULED", "capacity", "800"));
        assertThat(jedis.smembers(QueueKeys.processed(eventId)))
                .containsExactly(created.messageId().toString());
        assertThat(jedis.ttl(QueueKeys.processed(eventId))).isPositive();
    }

    @Test
    void anEventCreatedRedeliveredAfterLaterMessagesIsAppliedOnlyOnce() throws Exception {
        Envelope created = Envelope.wrap(eventId.toString(), created());
        publish(created);
        publish(Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.SCHEDULED, SaleState.OPEN)));

        publish(created);
        Envelope paused =
                Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.OPEN, SaleState.PAUSED));
        publish(paused);
        await().atMost(WAIT)
                .until(() -> jedis.sismember(
                        QueueKeys.processed(eventId), paused.messageId().toString()));
        publish(created);
        Envelope marker =
                Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.PAUSED, SaleState.PAUSED));
        publish(marker);

        await().atMost(WAIT)
                .until(() -> jedis.sismember(
                        QueueKeys.processed(eventId), marker.messageId().toString()));
        assertThat(jedis.hget(QueueKeys.event(eventId), "saleState")).isEqualTo("PAUSED");
        assertThat(jedis.scard(QueueKeys.processed(eventId))).isEqualTo(4);
    }

    private EventCreated created() {
        return new EventCreated(
                eventId,
                "Winter concert",
                "Hall A",
                Instant.parse("2026-12-24T19:00:00Z"),
                OPENS,
                SaleState.SCHEDULED,
                true,
                800,
                "EUR",
                600,
                4);
    }

    private void publish(Envelope envelope) throws Exception {
        kafka.send(envelope.toRecord(Topics.EVENTS)).get();
    }
}
