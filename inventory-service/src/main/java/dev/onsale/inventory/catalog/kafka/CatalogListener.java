package dev.onsale.inventory.catalog.kafka;

import dev.onsale.common.Topics;
import dev.onsale.inventory.catalog.CatalogEvents;
import dev.onsale.platform.messaging.Envelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads the catalog topic: parses the envelope and hands it on; failures go to the error handler. */
@Component
class CatalogListener {

    private final CatalogEvents catalogEvents;

    CatalogListener(CatalogEvents catalogEvents) {
        this.catalogEvents = catalogEvents;
    }

    @KafkaListener(topics = Topics.EVENTS)
    void onCatalogEvent(ConsumerRecord<String, String> record) {
        catalogEvents.apply(Envelope.of(record));
    }
}
