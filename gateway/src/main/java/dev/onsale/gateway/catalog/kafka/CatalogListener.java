package dev.onsale.gateway.catalog.kafka;

import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.common.Topics;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.gateway.catalog.Sales;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the whole of {@code onsale.events} into {@link Sales}. Every replica reads every partition
 * from the beginning under a group of its own, so each one learns of every sale's state (halts and resumes
 * among them) however many replicas run. Only parses; a record it cannot read is logged and skipped.
 */
@Component
class CatalogListener {

    private static final Logger log = LoggerFactory.getLogger(CatalogListener.class);

    private final Sales sales;
    private final JsonMapper json;

    CatalogListener(Sales sales, JsonMapper json) {
        this.sales = sales;
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
                    sales.record(changed.eventId(), changed.current());
                    log.info("sale of event {} is {}", changed.eventId(), changed.current());
                }
                case "EventCreated" -> {
                    EventCreated created = json.readValue(record.value(), EventCreated.class);
                    sales.created(created.eventId(), created.saleState(), created.maxPerOrder());
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
