package dev.onsale.booking.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.EventBodies;
import dev.onsale.common.Topics;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

@BookingServiceTest
class SaleClockIT {

    private static final int EVENTS = 30;
    private static final int REPLICAS = 4;

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    SaleControl control;

    @Test
    void clockPassesOfSeveralReplicasAtOnceOpenEachDueSaleExactlyOnce(Engines engines) throws Exception {
        TestHttp http = BookingCalls.at(port);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < EVENTS; i++) {
            ids.add(BookingCalls.createEvent(http, EventBodies.seated("Due " + i, 1, 1))
                    .json()
                    .get("eventId")
                    .asString());
        }
        String[] array = ids.toArray(String[]::new);

        CountDownLatch start = new CountDownLatch(1);
        List<Future<Integer>> passes = new ArrayList<>();
        try (ExecutorService replicas = Executors.newFixedThreadPool(REPLICAS)) {
            for (int i = 0; i < REPLICAS; i++) {
                passes.add(replicas.submit(() -> {
                    start.await();
                    return control.openDue(EVENTS);
                }));
            }
            // Due now; the service's own clock races the replicas too.
            jdbc.update(
                    "UPDATE booking.events SET sale_opens_at = now() - interval '1 second' WHERE id = ANY (?::uuid[])",
                    (Object) array);
            start.countDown();
            for (Future<Integer> pass : passes) {
                pass.get();
            }
        }

        await().atMost(Duration.ofSeconds(10))
                .until(() -> jdbc.queryForObject(
                                "SELECT count(*) FROM booking.events WHERE id = ANY (?::uuid[]) AND sale_state = 'OPEN'",
                                Long.class,
                                (Object) array)
                        == EVENTS);
        assertThat(jdbc.queryForList(
                        "SELECT DISTINCT version FROM booking.events WHERE id = ANY (?::uuid[])", Long.class, (Object)
                                array))
                .containsExactly(1L);
        Map<String, Integer> announced = saleStateChangesPerEvent(engines, Set.copyOf(ids));
        assertThat(announced)
                .hasSize(EVENTS)
                .allSatisfy((id, count) -> assertThat(count).as(id).isEqualTo(1));
    }

    /** Counts SaleStateChanged by key on onsale.events until each of {@code ids} has one, then a little longer. */
    private static Map<String, Integer> saleStateChangesPerEvent(Engines engines, Set<String> ids) {
        Map<String, Integer> counts = new HashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, engines.kafkaBootstrap()),
                new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.EVENTS).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (ids.contains(r.key())
                            && "SaleStateChanged".equals(Envelope.of(r).eventType())) {
                        counts.merge(r.key(), 1, Integer::sum);
                    }
                });
                return counts.keySet().containsAll(ids);
            });
            // A second announcement would have been committed before the first was relayed; read to the end.
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(r -> {
                    if (ids.contains(r.key())
                            && "SaleStateChanged".equals(Envelope.of(r).eventType())) {
                        counts.merge(r.key(), 1, Integer::sum);
                    }
                });
                return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
            });
        }
        return counts;
    }
}
