package dev.onsale.inventory.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.AvailabilityChanged;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.InventoryEvent;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.engines.Engines;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.messaging.EventJson;
import dev.onsale.platform.testing.TopicTail;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

@InventoryServiceTest
class CatalogEventsIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    CounterInitializer counters;

    private Engines engines;
    private final UUID eventId = UUID.randomUUID();

    @BeforeEach
    void engines(Engines engines) {
        this.engines = engines;
    }

    @Test
    void anAnnouncedEventOpensItsCounterAtCapacityAndAnnouncesItsAvailability() throws Exception {
        publish(Envelope.wrap(eventId.toString(), created(800)));

        await().atMost(WAIT).until(() -> "800".equals(jedis.get(InventoryKeys.available(eventId))));
        assertThat(jedis.get(InventoryKeys.capacity(eventId))).isEqualTo("800");
        assertThat(jedis.get(InventoryKeys.saleState(eventId))).isEqualTo("SCHEDULED");
        assertThat(jedis.hgetAll(InventoryKeys.settings(eventId)))
                .isEqualTo(Map.of("maxPerOrder", "4", "holdTtlSeconds", "600"));

        List<ConsumerRecord<String, String>> announced = awaitAnnouncements();
        assertThat(announced).hasSize(1);
        ConsumerRecord<String, String> record = announced.getFirst();
        assertThat(TopicTail.header(record, "eventType")).isEqualTo("AvailabilityChanged");
        assertThat(UUID.fromString(TopicTail.header(record, "eventId"))).isNotNull();
        assertThat(Instant.parse(TopicTail.header(record, "occurredAt"))).isNotNull();
        assertThat(EventJson.standard().read(record.value(), Map.class))
                .isEqualTo(Map.of("eventId", eventId.toString(), "available", 800, "liveHolds", 0, "soldOut", false));
        assertThat(Envelope.of(record).event(InventoryEvent.class))
                .isEqualTo(new AvailabilityChanged(eventId, 800, 0, false));
    }

    @Test
    void aMessageRelayedTwiceCreatesTheCounterOnceAndAnnouncesItOnce() throws Exception {
        Envelope announcement = Envelope.wrap(eventId.toString(), created(800));
        publish(announcement);
        await().atMost(WAIT).until(() -> jedis.get(InventoryKeys.available(eventId)) != null);
        jedis.decr(InventoryKeys.available(eventId));

        publish(announcement);
        publishAndAwaitSaleOpened();

        assertThat(jedis.get(InventoryKeys.available(eventId))).isEqualTo("799");
        assertThat(awaitAnnouncements()).hasSize(1);
    }

    @Test
    void aRepublicationUnderAnotherMessageIdDoesNotResetACounterInUse() throws Exception {
        publish(Envelope.wrap(eventId.toString(), created(800)));
        await().atMost(WAIT).until(() -> jedis.get(InventoryKeys.available(eventId)) != null);
        jedis.decrBy(InventoryKeys.available(eventId), 5);

        publish(Envelope.wrap(eventId.toString(), created(800)));
        publishAndAwaitSaleOpened();

        assertThat(jedis.get(InventoryKeys.available(eventId))).isEqualTo("795");
        assertThat(awaitAnnouncements()).hasSize(1);
    }

    @Test
    void fiftyConcurrentReplaysOfOneMessageCreateTheCounterOnceAndAppendOneAnnouncement() throws Exception {
        UUID messageId = UUID.randomUUID();
        EventCreated event = created(800);

        List<InitOutcome> outcomes = concurrently(50, i -> counters.initialize(messageId, event));

        assertThat(outcomes).filteredOn(InitOutcome.CREATED::equals).hasSize(1);
        assertThat(outcomes).filteredOn(InitOutcome.DUPLICATE::equals).hasSize(49);
        assertThat(jedis.get(InventoryKeys.available(eventId))).isEqualTo("800");
        assertThat(awaitAnnouncements()).hasSize(1);
    }

    @Test
    void fiftyConcurrentAnnouncementsUnderDistinctMessageIdsCreateTheCounterOnce() throws Exception {
        EventCreated event = created(300);

        List<InitOutcome> outcomes = concurrently(50, i -> counters.initialize(UUID.randomUUID(), event));

        assertThat(outcomes).filteredOn(InitOutcome.CREATED::equals).hasSize(1);
        assertThat(outcomes).filteredOn(InitOutcome.KEPT::equals).hasSize(49);
        assertThat(jedis.get(InventoryKeys.available(eventId))).isEqualTo("300");
        assertThat(awaitAnnouncements()).hasSize(1);
    }

    @Test
    void malformedMessagesAreDeadLetteredAndTheNextMessageOfTheirPartitionIsStillApplied() throws Exception {
        String key = eventId.toString();
        kafka.send(new ProducerRecord<>(Topics.EVENTS, key, "not an envelope")).get();
        ProducerRecord<String, String> unknownType =
                Envelope.wrap(key, created(1)).toRecord(Topics.EVENTS);
        unknownType.headers().remove("eventType");
        unknownType.headers().add("eventType", "EventRenamed".getBytes(StandardCharsets.UTF_8));
        kafka.send(unknownType).get();
        ProducerRecord<String, String> offContract = new Envelope(
                        UUID.randomUUID(),
                        "EventCreated",
                        Instant.now(),
                        key,
                        "{\"eventId\":\"" + key + "\",\"priceCents\":1}")
                .toRecord(Topics.EVENTS);
        kafka.send(offContract).get();

        publish(Envelope.wrap(key, created(40)));

        await().atMost(WAIT).until(() -> "40".equals(jedis.get(InventoryKeys.available(eventId))));
        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(TopicTail.recordsSoFar(engines, Topics.EVENTS + ".DLT", key))
                        .hasSize(3));
    }

    private EventCreated created(int capacity) {
        return new EventCreated(
                eventId,
                "Winter concert",
                "Hall A",
                Instant.parse("2026-12-24T19:00:00Z"),
                Instant.parse("2026-12-01T10:00:00Z"),
                SaleState.SCHEDULED,
                false,
                capacity,
                "EUR",
                600,
                4);
    }

    private void publish(Envelope envelope) throws Exception {
        kafka.send(envelope.toRecord(Topics.EVENTS)).get();
    }

    /** A later message of the same key: once it is applied, every earlier one has been too. */
    private void publishAndAwaitSaleOpened() throws Exception {
        publish(Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.SCHEDULED, SaleState.OPEN)));
        await().atMost(WAIT).until(() -> "OPEN".equals(jedis.get(InventoryKeys.saleState(eventId))));
    }

    /** Waits until the event's outbox is relayed, then returns what reached the inventory topic. */
    private List<ConsumerRecord<String, String>> awaitAnnouncements() {
        String outbox = InventoryKeys.outbox(eventId);
        await().atMost(WAIT)
                .until(() -> jedis.xlen(outbox) == 0
                        && jedis.xpending(outbox, "inventory-outbox-relay").getTotal() == 0);
        return TopicTail.recordsSoFar(engines, Topics.INVENTORY, eventId.toString());
    }

    private static <T> List<T> concurrently(int threads, Function<Integer, T> task) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            for (int i = 0; i < threads; i++) {
                int n = i;
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.apply(n);
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        }
    }
}
