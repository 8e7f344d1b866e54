package dev.onsale.inventory.hold.kafka;

import dev.onsale.common.Topics;
import dev.onsale.common.events.OrderEvent;
import dev.onsale.inventory.hold.OrderOutcomes;
import dev.onsale.inventory.kafka.ListenerThreads;
import dev.onsale.platform.messaging.Envelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads booking's order events in the service's shared group; parses them and hands them on. */
@Component
class OrderEventListener {

    private final OrderOutcomes outcomes;

    OrderEventListener(OrderOutcomes outcomes) {
        this.outcomes = outcomes;
    }

    @KafkaListener(
            id = "order-events",
            idIsGroup = false,
            containerFactory = ListenerThreads.PLATFORM_THREADS,
            topics = Topics.ORDERS)
    void onOrderEvent(ConsumerRecord<String, String> record) {
        outcomes.apply(Envelope.of(record).event(OrderEvent.class));
    }
}
