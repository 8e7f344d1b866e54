package dev.onsale.payment.webhook;

import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Everything published on onsale.payments.results from construction on; reads on the caller's thread. */
final class ResultsTail implements AutoCloseable {

    private final KafkaConsumer<String, String> consumer;
    private final List<Envelope> read = new ArrayList<>();

    ResultsTail(Engines engines) {
        consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, engines.kafkaBootstrap()),
                new StringDeserializer(), new StringDeserializer());
        List<TopicPartition> partitions = consumer.partitionsFor(Topics.PAYMENT_RESULTS).stream()
                .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position);
    }

    /** Polls until {@code done} holds for the results of {@code orderId} (the record key), or fails. */
    List<Envelope> awaitFor(UUID orderId, Duration atMost, Predicate<List<Envelope>> done) {
        await().atMost(atMost).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(10)).until(() -> {
            poll(Duration.ofMillis(200));
            return done.test(of(orderId));
        });
        return of(orderId);
    }

    /** Polls for {@code duration} more, to see that nothing else arrives; then the results of {@code orderId}. */
    List<Envelope> readFor(UUID orderId, Duration duration) {
        long until = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < until) {
            poll(Duration.ofMillis(100));
        }
        return of(orderId);
    }

    private List<Envelope> of(UUID orderId) {
        return read.stream().filter(e -> orderId.toString().equals(e.key())).toList();
    }

    private void poll(Duration timeout) {
        consumer.poll(timeout).forEach(r -> read.add(Envelope.of(r)));
    }

    @Override
    public void close() {
        consumer.close();
    }
}
