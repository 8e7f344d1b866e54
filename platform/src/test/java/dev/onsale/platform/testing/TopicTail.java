package dev.onsale.platform.testing;

import static org.awaitility.Awaitility.await;

import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Everything published on one topic from the moment of construction, grouped by record key. Reads on the
 * caller's thread (poll-while-awaiting), so it needs no thread of its own.
 */
public final class TopicTail implements AutoCloseable {

    private final KafkaConsumer<String, String> consumer;
    private final Map<String, List<Envelope>> byKey = new ConcurrentHashMap<>();

    public TopicTail(Engines engines, String topic) {
        consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, engines.kafkaBootstrap()),
                new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
    }

    /** Polls until {@code done} holds for what was read (keyed by record key), or fails after {@code atMost}. */
    public Map<String, List<Envelope>> awaitUntil(Duration atMost, Predicate<Map<String, List<Envelope>>> done) {
        await().atMost(atMost).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(10)).until(() -> {
            poll(Duration.ofMillis(200));
            return done.test(byKey);
        });
        return byKey;
    }

    /** Polls for {@code duration} more: to see that nothing else arrives. */
    public Map<String, List<Envelope>> readFor(Duration duration) {
        long until = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < until) {
            poll(Duration.ofMillis(100));
        }
        return byKey;
    }

    public List<Envelope> of(UUID key) {
        return byKey.getOrDefault(key.toString(), List.of());
    }

    /** Messages of {@code key} whose eventType is {@code type}. */
    public List<Envelope> of(UUID key, Class<?> type) {
        return of(key).stream().filter(e -> e.eventType().equals(type.getSimpleName())).toList();
    }

    private void poll(Duration timeout) {
        consumer.poll(timeout).forEach(r -> byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(Envelope.of(r)));
    }

    @Override
    public void close() {
        consumer.close();
    }
}
