package dev.onsale.queue.activity.kafka;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.queue.activity.ActiveBuyers;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads the orders topic: parses the envelope and hands it on; failures go to the error handler. */
@Component
class OrderListener {

    private final ActiveBuyers activeBuyers;

    OrderListener(ActiveBuyers activeBuyers) {
        this.activeBuyers = activeBuyers;
    }

    @KafkaListener(topics = Topics.ORDERS)
    void onOrderEvent(ConsumerRecord<String, String> record) {
        activeBuyers.apply(Envelope.of(record));
    }
}
