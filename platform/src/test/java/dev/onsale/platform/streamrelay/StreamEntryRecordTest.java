package dev.onsale.platform.streamrelay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.platform.messaging.MalformedEnvelopeException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class StreamEntryRecordTest {

    private final String eventId = UUID.randomUUID().toString();

    private Map<String, String> entry() {
        Map<String, String> fields = new HashMap<>();
        fields.put("topic", "onsale.inventory");
        fields.put("key", "event-1");
        fields.put("eventId", eventId);
        fields.put("eventType", "AvailabilityChanged");
        fields.put("occurredAt", "2026-01-01T10:00:00Z");
        fields.put("payload", "{\"available\":3}");
        return fields;
    }

    @Test
    void anEntryBecomesARecordOfItsTopicWithKeyPayloadAndEnvelopeHeaders() {
        ProducerRecord<String, String> record = StreamEntryRecord.of(entry());

        assertThat(record.topic()).isEqualTo("onsale.inventory");
        assertThat(record.key()).isEqualTo("event-1");
        assertThat(record.value()).isEqualTo("{\"available\":3}");
        assertThat(header(record, "eventId")).isEqualTo(eventId);
        assertThat(header(record, "eventType")).isEqualTo("AvailabilityChanged");
        assertThat(header(record, "occurredAt")).isEqualTo("2026-01-01T10:00:00Z");
    }

    @Test
    void anEntryWithoutATopicIsNotAnEnvelope() {
        Map<String, String> fields = entry();
        fields.remove("topic");

        assertThatThrownBy(() -> StreamEntryRecord.of(fields)).isInstanceOf(MalformedEnvelopeException.class);
    }

    @Test
    void anEntryWhoseEventIdIsNoUuidIsNotAnEnvelope() {
        Map<String, String> fields = entry();
        fields.put("eventId", "42");

        assertThatThrownBy(() -> StreamEntryRecord.of(fields)).isInstanceOf(MalformedEnvelopeException.class);
    }

    private static String header(ProducerRecord<String, String> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
