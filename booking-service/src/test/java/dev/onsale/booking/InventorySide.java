package dev.onsale.booking;

import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/** Plays inventory-service (and payment-service): publishes messages in the one envelope on the real broker. */
public final class InventorySide implements AutoCloseable {

    private final KafkaProducer<String, String> producer;

    public InventorySide(Engines engines) {
        producer = new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        engines.kafkaBootstrap(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        1),
                new StringSerializer(),
                new StringSerializer());
    }

    /** Publishes {@code event} under {@code key} in a new envelope; returns the envelope (to send it again). */
    public Envelope publish(String topic, Object key, Object event) {
        Envelope envelope = Envelope.wrap(key.toString(), event);
        publish(topic, envelope);
        return envelope;
    }

    /** Publishes exactly this envelope (same eventId): a redelivery. */
    public void publish(String topic, Envelope envelope) {
        try {
            producer.send(envelope.toRecord(topic)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Publishes without waiting for each acknowledgement; {@link #flush()} waits for all. */
    public void publishAsync(String topic, Object key, Object event) {
        producer.send(Envelope.wrap(key.toString(), event).toRecord(topic));
    }

    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        producer.close();
    }
}
