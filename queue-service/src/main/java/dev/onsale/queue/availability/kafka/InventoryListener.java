package dev.onsale.queue.availability.kafka;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.queue.availability.AvailabilityRecorder;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads the inventory topic: parses the envelope and hands it on; failures go to the error handler. */
@Component
class InventoryListener {

    private final AvailabilityRecorder recorder;

    InventoryListener(AvailabilityRecorder recorder) {
        this.recorder = recorder;
    }

    @KafkaListener(topics = Topics.INVENTORY)
    void onInventoryEvent(ConsumerRecord<String, String> record) {
        recorder.apply(Envelope.of(record));
    }
}
