package dev.onsale.booking.hold.kafka;

import dev.onsale.booking.hold.Allocation;
import dev.onsale.common.Topics;
import dev.onsale.common.events.AllocateSeats;
import dev.onsale.common.events.CancelAllocation;
import dev.onsale.common.events.HoldCommand;
import dev.onsale.platform.messaging.Envelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Reads onsale.holds.commands (keyed by order id, so both commands of an order arrive in order on one
 * partition) with {@code onsale.holds.consumers} threads, and hands each command to {@link Allocation}.
 */
@Component
class HoldCommandListener {

    private final Allocation allocation;

    HoldCommandListener(Allocation allocation) {
        this.allocation = allocation;
    }

    @KafkaListener(topics = Topics.HOLD_COMMANDS, containerFactory = HoldCommandContainer.FACTORY)
    void onHoldCommand(ConsumerRecord<String, String> record) {
        Envelope envelope = Envelope.of(record);
        switch (envelope.event(HoldCommand.class)) {
            case AllocateSeats allocate -> allocation.allocate(envelope.messageId(), allocate);
            case CancelAllocation cancel -> allocation.cancel(envelope.messageId(), cancel);
        }
    }
}
