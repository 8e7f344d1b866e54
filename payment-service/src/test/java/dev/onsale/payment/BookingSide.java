package dev.onsale.payment;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentCommand;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/** Plays booking-service: publishes payment commands in the one envelope on the real broker, keyed by order id. */
public final class BookingSide implements AutoCloseable {

    private final KafkaProducer<String, String> producer;

    public BookingSide(Engines engines) {
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

    /** A payment of a new order, requested now. */
    public static PaymentRequested payment(long amountCents, String paymentMethod) {
        return payment(amountCents, paymentMethod, Instant.now());
    }

    /** A payment of a new order, requested at {@code requestedAt}. */
    public static PaymentRequested payment(long amountCents, String paymentMethod, Instant requestedAt) {
        return new PaymentRequested(
                UUID.randomUUID(),
                UUID.randomUUID(),
                UUID.randomUUID(),
                UUID.randomUUID(),
                amountCents,
                "EUR",
                paymentMethod,
                requestedAt);
    }

    /** Publishes {@code command} in a new envelope; returns the envelope (to deliver it again). */
    public Envelope publish(PaymentCommand command) {
        Envelope envelope = Envelope.wrap(command.orderId().toString(), command);
        publish(envelope);
        return envelope;
    }

    /** Publishes exactly this envelope (same eventId): a redelivery. */
    public void publish(Envelope envelope) {
        try {
            producer.send(envelope.toRecord(Topics.PAYMENT_REQUESTS)).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Publishes without waiting for the acknowledgement; {@link #flush()} waits for all. */
    public void publishAsync(PaymentCommand command) {
        producer.send(Envelope.wrap(command.orderId().toString(), command).toRecord(Topics.PAYMENT_REQUESTS));
    }

    public void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        producer.close();
    }
}
