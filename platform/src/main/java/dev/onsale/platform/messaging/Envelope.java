package dev.onsale.platform.messaging;

import dev.onsale.common.EnvelopeHeaders;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * One message as every Onsale topic carries it: the event as JSON in the record value, and the
 * headers {@code eventId} (the message's id: the dedupe key of every inbox), {@code eventType}, {@code occurredAt}.
 * In code the id is {@code messageId}, since "event" is also the concert and {@code eventId} its id; the header
 * keeps its name on the wire, where the outbox rows, the Redis outbox streams and every consumer already use it.
 */
public record Envelope(UUID messageId, String eventType, Instant occurredAt, String key, String payload) {

    public Envelope {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(occurredAt, "occurredAt");
        Objects.requireNonNull(payload, "payload");
    }

    /** A new message for {@code event}, with a fresh id, occurring now. */
    public static Envelope wrap(String key, Object event) {
        return new Envelope(
                UUID.randomUUID(),
                event.getClass().getSimpleName(),
                Instant.now(),
                key,
                EventJson.standard().write(event));
    }

    /**
     * Reads the envelope of a consumed record.
     *
     * @throws MalformedEnvelopeException if a header is missing or unparsable, or the value is empty
     */
    public static Envelope of(ConsumerRecord<String, String> record) {
        Headers headers = record.headers();
        try {
            UUID messageId = UUID.fromString(header(headers, EnvelopeHeaders.EVENT_ID));
            String eventType = header(headers, EnvelopeHeaders.EVENT_TYPE);
            Instant occurredAt = Instant.parse(header(headers, EnvelopeHeaders.OCCURRED_AT));
            if (record.value() == null || record.value().isBlank()) {
                throw new MalformedEnvelopeException("record at " + record.topic() + "-" + record.partition() + "@"
                        + record.offset() + " has no payload");
            }
            return new Envelope(messageId, eventType, occurredAt, record.key(), record.value());
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new MalformedEnvelopeException(
                    "record at " + record.topic() + "-" + record.partition() + "@" + record.offset()
                            + " has a malformed envelope header: " + e.getMessage(),
                    e);
        }
    }

    /** This message as a record for {@code topic}, headers as UTF-8 strings. */
    public ProducerRecord<String, String> toRecord(String topic) {
        ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, payload);
        record.headers()
                .add(EnvelopeHeaders.EVENT_ID, messageId.toString().getBytes(StandardCharsets.UTF_8))
                .add(EnvelopeHeaders.EVENT_TYPE, eventType.getBytes(StandardCharsets.UTF_8))
                .add(EnvelopeHeaders.OCCURRED_AT, occurredAt.toString().getBytes(StandardCharsets.UTF_8));
        return record;
    }

    /** The payload as the permitted record of {@code sealedInterface} named by {@link #eventType()}. */
    public <T> T event(Class<T> sealedInterface) {
        return EventJson.standard().readSealed(sealedInterface, eventType, payload);
    }

    private static String header(Headers headers, String name) {
        Header header = headers.lastHeader(name);
        if (header == null || header.value() == null) {
            throw new MalformedEnvelopeException("missing header '" + name + "'");
        }
        return new String(header.value(), StandardCharsets.UTF_8);
    }
}
