package dev.onsale.platform.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.common.Topics;
import dev.onsale.common.events.CatalogEvent;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class EnvelopeTest {

    private final UUID eventId = UUID.randomUUID();
    private final EventCreated created = new EventCreated(
            eventId,
            "Winter concert",
            "Hall A",
            Instant.parse("2026-12-24T19:00:00Z"),
            Instant.parse("2026-12-01T10:00:00Z"),
            SaleState.SCHEDULED,
            true,
            800,
            "EUR",
            600,
            4);

    @Test
    void anEventSurvivesTheTripThroughARecordUnchanged() {
        ProducerRecord<String, String> produced =
                Envelope.wrap(eventId.toString(), created).toRecord(Topics.EVENTS);
        Envelope consumed = Envelope.of(asConsumed(produced));
        assertThat(consumed.eventType()).isEqualTo("EventCreated");
        assertThat(consumed.key()).isEqualTo(eventId.toString());
        assertThat(consumed.event(CatalogEvent.class)).isEqualTo(created);
    }

    @Test
    void instantsAreWrittenAsIsoStrings() {
        assertThat(EventJson.standard().write(created)).contains("\"startsAt\":\"2026-12-24T19:00:00Z\"");
    }

    @Test
    void theEventTypeHeaderPicksThePermittedRecord() {
        SaleStateChanged changed = new SaleStateChanged(eventId, SaleState.SCHEDULED, SaleState.OPEN);
        String json = EventJson.standard().write(changed);
        assertThat(EventJson.standard().readSealed(CatalogEvent.class, "SaleStateChanged", json))
                .isEqualTo(changed);
        assertThatThrownBy(() -> EventJson.standard().readSealed(CatalogEvent.class, "OrderHeld", json))
                .isInstanceOf(MalformedEnvelopeException.class);
    }

    @Test
    void aRecordWithoutEnvelopeHeadersIsMalformedNotRetryable() {
        ConsumerRecord<String, String> bare = new ConsumerRecord<>(Topics.EVENTS, 0, 7L, "k", "{}");
        assertThatThrownBy(() -> Envelope.of(bare))
                .isInstanceOf(MalformedEnvelopeException.class)
                .hasMessageContaining("eventId");
    }

    @Test
    void aPayloadThatDoesNotFitItsContractIsMalformed() {
        ProducerRecord<String, String> produced = Envelope.wrap("k", created).toRecord(Topics.EVENTS);
        ConsumerRecord<String, String> tampered = asConsumed(new ProducerRecord<>(
                produced.topic(),
                null,
                produced.key(),
                "{\"eventId\":\"" + eventId + "\",\"bogus\":1}",
                produced.headers()));
        assertThatThrownBy(() -> Envelope.of(tampered).event(CatalogEvent.class))
                .isInstanceOf(MalformedEnvelopeException.class);
        produced.headers().remove("occurredAt");
        produced.headers().add("occurredAt", "yesterday".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> Envelope.of(asConsumed(produced))).isInstanceOf(MalformedEnvelopeException.class);
    }

    private static ConsumerRecord<String, String> asConsumed(ProducerRecord<String, String> produced) {
        ConsumerRecord<String, String> record =
                new ConsumerRecord<>(produced.topic(), 0, 0L, produced.key(), produced.value());
        produced.headers().forEach(h -> record.headers().add(h));
        return record;
    }
}
