package dev.onsale.gateway.halt.kafka;

import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.common.Topics;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.gateway.halt.HaltedSales;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the whole of {@code onsale.events} into {@link HaltedSales}. Every replica reads every partition
 * from the beginning under a group of its own, so each one learns of every halt and resume however
 * many replicas run. Only parses; a record it cannot read is logged and skipped.
 */
@Component
class CatalogListener {

    private static final Logger log = LoggerFactory.getLogger(CatalogListener.class);

    private final HaltedSales halted;
    private final JsonMapper json;

    CatalogListener(HaltedSales halted, JsonMapper json) {
        this.halted = halted;
        this.json = json;
    }

    @KafkaListener(
            topics = Topics.EVENTS,
            groupId = "gateway-#{T(java.util.UUID).randomUUID()}",
            properties = {"auto.offset.reset=earliest"})
    void on(ConsumerRecord<String, String> record) {
        Header type = record.headers().lastHeader(EnvelopeHeaders.EVENT_TYPE);
        String eventType = type == null ? "" : new String(type.value(), StandardCharsets.UTF_8);
        try {
            switch (eventType) {
                case "SaleStateChanged" -> {
                    SaleStateChanged changed = json.readValue(record.value(), SaleStateChanged.class);
                    halted.record(changed.eventId(), changed.current());
                    log.info("sale of event {} is {}", changed.eventId(), changed.current());
                }
                case "EventCreated" -> {
                    EventCreated created = json.readValue(record.value(), EventCreated.class);
                    halted.record(created.eventId(), created.saleState());
                }
                default -> log.debug("ignoring {} on {}", eventType, Topics.EVENTS);
            }
        } catch (RuntimeException unreadable) {
            log.warn(
                    "skipping an unreadable {} record at {}-{}@{}: {}",
                    eventType,
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    unreadable.toString());
        }
    }
}
