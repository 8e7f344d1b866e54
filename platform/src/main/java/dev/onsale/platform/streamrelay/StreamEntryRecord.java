package dev.onsale.platform.streamrelay;

import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.messaging.MalformedEnvelopeException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Turns an outbox stream entry into the Kafka record of the one Onsale envelope. */
final class StreamEntryRecord {

    private StreamEntryRecord() {}

    /**
     * @throws MalformedEnvelopeException if a field of {@link StreamEntryFields} is missing or unparsable;
     *                                    such an entry can never be relayed
     */
    static ProducerRecord<String, String> of(Map<String, String> fields) {
        try {
            Envelope envelope = new Envelope(
                    UUID.fromString(required(fields, StreamEntryFields.EVENT_ID)),
                    required(fields, StreamEntryFields.EVENT_TYPE),
                    Instant.parse(required(fields, StreamEntryFields.OCCURRED_AT)),
                    required(fields, StreamEntryFields.KEY),
                    required(fields, StreamEntryFields.PAYLOAD));
            return envelope.toRecord(required(fields, StreamEntryFields.TOPIC));
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new MalformedEnvelopeException(
                    "stream entry " + fields + " is not an envelope: " + e.getMessage(), e);
        }
    }

    private static String required(Map<String, String> fields, String name) {
        String value = fields.get(name);
        if (value == null || value.isEmpty()) {
            throw new MalformedEnvelopeException("stream entry lacks field '" + name + "'");
        }
        return value;
    }
}
