package dev.onsale.payment.intake.kafka;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentCommand;
import dev.onsale.payment.intake.PaymentIntake;
import dev.onsale.platform.messaging.Envelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads onsale.payments.requests (keyed by order id) and hands each command to {@link PaymentIntake}. */
@Component
class PaymentCommandListener {

    private final PaymentIntake intake;

    PaymentCommandListener(PaymentIntake intake) {
        this.intake = intake;
    }

    @KafkaListener(topics = Topics.PAYMENT_REQUESTS)
    void onPaymentCommand(ConsumerRecord<String, String> record) {
        Envelope envelope = Envelope.of(record);
        intake.accept(envelope.messageId(), envelope.event(PaymentCommand.class));
    }
}
