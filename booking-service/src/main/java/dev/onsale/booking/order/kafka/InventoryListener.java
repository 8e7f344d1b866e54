package dev.onsale.booking.order.kafka;

import dev.onsale.booking.order.OrderExpiry;
import dev.onsale.common.Topics;
import dev.onsale.common.events.AvailabilityChanged;
import dev.onsale.common.events.HoldTimerExpired;
import dev.onsale.common.events.InventoryEvent;
import dev.onsale.platform.messaging.Envelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads onsale.inventory: hold timers that fired go to {@link OrderExpiry}; availability is not booking's concern. */
@Component
class InventoryListener {

    private final OrderExpiry expiry;

    InventoryListener(OrderExpiry expiry) {
        this.expiry = expiry;
    }

    @KafkaListener(topics = Topics.INVENTORY)
    void onInventoryEvent(ConsumerRecord<String, String> record) {
        Envelope envelope = Envelope.of(record);
        if (AvailabilityChanged.class.getSimpleName().equals(envelope.eventType())) {
            return;
        }
        switch (envelope.event(InventoryEvent.class)) {
            case HoldTimerExpired timer -> expiry.onHoldTimerExpired(envelope.messageId(), timer);
            case AvailabilityChanged ignored -> {}
        }
    }
}
