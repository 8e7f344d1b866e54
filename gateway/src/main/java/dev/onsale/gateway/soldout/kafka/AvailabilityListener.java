package dev.onsale.gateway.soldout.kafka;

import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.common.Topics;
import dev.onsale.common.events.AvailabilityChanged;
import dev.onsale.gateway.soldout.SoldOutWord;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the gate's AvailabilityChanged announcements from {@code onsale.inventory} into {@link SoldOutWord}. Every
 * replica reads every partition under a group of its own, from the newest record on: a word older than its start
 * would no longer stand anyway. Only parses; a record it cannot read is logged and skipped.
 */
@Component
class AvailabilityListener {

    private static final Logger log = LoggerFactory.getLogger(AvailabilityListener.class);

    private final SoldOutWord word;
    private final JsonMapper json;
    private final Clock clock;

    AvailabilityListener(SoldOutWord word, JsonMapper json, Clock clock) {
        this.word = word;
        this.json = json;
        this.clock = clock;
    }

    @KafkaListener(
            topics = Topics.INVENTORY,
            groupId = "gateway-sold-out-#{T(java.util.UUID).randomUUID()}",
            properties = {"auto.offset.reset=latest"})
    void on(ConsumerRecord<String, String> record) {
        if (!"AvailabilityChanged".equals(header(record, EnvelopeHeaders.EVENT_TYPE))) {
            return;
        }
        try {
            AvailabilityChanged changed = json.readValue(record.value(), AvailabilityChanged.class);
            word.announced(changed.eventId(), changed.available(), changed.soldOut(), age(record), System.nanoTime());
        } catch (RuntimeException unreadable) {
            log.warn(
                    "skipping an unreadable AvailabilityChanged at {}-{}@{}: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    unreadable.toString());
        }
    }

    /** How long ago the gate changed the counter, by the message's occurredAt; zero when it does not say. */
    private Duration age(ConsumerRecord<String, String> record) {
        String occurredAt = header(record, EnvelopeHeaders.OCCURRED_AT);
        if (occurredAt == null) {
            return Duration.ZERO;
        }
        try {
            return Duration.between(Instant.parse(occurredAt), clock.instant());
        } catch (RuntimeException unparsable) {
            return Duration.ZERO;
        }
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
