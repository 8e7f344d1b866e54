package dev.onsale.queue;

import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.AvailabilityChanged;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.platform.messaging.Envelope;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

/** Plays booking and inventory for the waiting room: publishes their events and waits until applied. */
public final class TestCatalog {

    public static final Duration WAIT = Duration.ofSeconds(30);

    private final KafkaTemplate<String, String> kafka;
    private final JedisPooled jedis;

    public TestCatalog(KafkaTemplate<String, String> kafka, JedisPooled jedis) {
        this.kafka = kafka;
        this.jedis = jedis;
    }

    /** A new event with {@code capacity} seats whose sale opens at {@code saleOpensAt}, known to the waiting room. */
    public UUID created(int capacity, Instant saleOpensAt, SaleState state) {
        return createdWithId(UUID.randomUUID(), capacity, saleOpensAt, state);
    }

    /** The event {@code eventId} with {@code capacity} seats, known to the waiting room. */
    public UUID createdWithId(UUID eventId, int capacity, Instant saleOpensAt, SaleState state) {
        publish(
                Topics.EVENTS,
                Envelope.wrap(
                        eventId.toString(),
                        new EventCreated(
                                eventId,
                                "Winter concert",
                                "Hall A",
                                Instant.parse("2026-12-24T19:00:00Z"),
                                saleOpensAt,
                                state,
                                true,
                                capacity,
                                "EUR",
                                600,
                                4)));
        await().atMost(WAIT).until(() -> jedis.exists(QueueKeys.event(eventId)));
        return eventId;
    }

    /** A new event whose sale is scheduled an hour from now. */
    public UUID scheduled(int capacity) {
        return created(capacity, Instant.now().plus(Duration.ofHours(1)), SaleState.SCHEDULED);
    }

    /** A new event whose waiting room is open. */
    public UUID open(int capacity) {
        UUID eventId = scheduled(capacity);
        openSale(eventId);
        return eventId;
    }

    /** The operator opens the sale now; returns once the waiting room has opened. */
    public void openSale(UUID eventId) {
        publish(
                Topics.EVENTS,
                Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.SCHEDULED, SaleState.OPEN)));
        await().atMost(WAIT).until(() -> "open".equals(jedis.hget(QueueKeys.opening(eventId), "state")));
    }

    /** Inventory reports its counter; returns once the waiting room has the message. */
    public Envelope availability(UUID eventId, long available, long liveHolds) {
        Envelope envelope = Envelope.wrap(
                eventId.toString(),
                new AvailabilityChanged(eventId, available, liveHolds, available == 0 && liveHolds == 0));
        publishAndAwait(Topics.INVENTORY, eventId, envelope);
        return envelope;
    }

    /** Publishes {@code envelope} and waits until the waiting room's inbox for {@code eventId} has it. */
    public void publishAndAwait(String topic, UUID eventId, Envelope envelope) {
        publish(topic, envelope);
        await().atMost(WAIT)
                .until(() -> jedis.sismember(
                        QueueKeys.processed(eventId), envelope.messageId().toString()));
    }

    public void publish(String topic, Envelope envelope) {
        try {
            kafka.send(envelope.toRecord(topic)).get();
        } catch (Exception e) {
            throw new IllegalStateException("could not publish to " + topic, e);
        }
    }
}
