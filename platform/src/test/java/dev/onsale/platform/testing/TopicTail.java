package dev.onsale.platform.testing;

import static org.awaitility.Awaitility.await;

import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Everything published on one topic from the moment of construction, grouped by record key. Reads on the
 * caller's thread (poll-while-awaiting), so it needs no thread of its own. {@link #recordsSoFar} reads a
 * topic from its beginning instead, once.
 */
public final class TopicTail implements AutoCloseable {

    private final KafkaConsumer<String, String> consumer;
    private final Map<String, List<Envelope>> byKey = new ConcurrentHashMap<>();

    public TopicTail(Engines engines, String topic) {
        consumer = assignedTo(engines, topic);
        consumer.seekToEnd(consumer.assignment());
        consumer.assignment().forEach(consumer::position);
    }

    /**
     * The records of {@code topic} with record key {@code key} published so far, from the topic's beginning up to
     * its end offsets as of this call. Raw records, not envelopes: a dead-letter topic holds records whose envelope
     * may be just what was wrong with them.
     */
    public static List<ConsumerRecord<String, String>> recordsSoFar(Engines engines, String topic, String key) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> reader = assignedTo(engines, topic)) {
            reader.seekToBeginning(reader.assignment());
            Map<TopicPartition, Long> end = reader.endOffsets(reader.assignment());
            while (end.entrySet().stream()
                    .anyMatch(partition -> reader.position(partition.getKey()) < partition.getValue())) {
                reader.poll(Duration.ofMillis(100)).forEach(record -> {
                    if (key.equals(record.key())) {
                        records.add(record);
                    }
                });
            }
        }
        return records;
    }

    /** The value of header {@code name} of {@code record} as UTF-8, or null if it has none. */
    public static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** Polls until {@code done} holds for what was read (keyed by record key), or fails after {@code atMost}. */
    public Map<String, List<Envelope>> awaitUntil(Duration atMost, Predicate<Map<String, List<Envelope>>> done) {
        await().atMost(atMost)
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(10))
                .until(() -> {
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
        return of(key).stream()
                .filter(e -> e.eventType().equals(type.getSimpleName()))
                .toList();
    }

    private void poll(Duration timeout) {
        consumer.poll(timeout)
                .forEach(r ->
                        byKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(Envelope.of(r)));
    }

    /** A consumer of no group, assigned every partition of {@code topic}. */
    private static KafkaConsumer<String, String> assignedTo(Engines engines, String topic) {
        var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, engines.kafkaBootstrap()),
                new StringDeserializer(),
                new StringDeserializer());
        consumer.assign(consumer.partitionsFor(topic).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition()))
                .toList());
        return consumer;
    }

    @Override
    public void close() {
        consumer.close();
    }
}
