package dev.onsale.booking.order.kafka;

import dev.onsale.booking.order.PaymentOutcomes;
import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.platform.messaging.Envelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads onsale.payments.results and hands each result to {@link PaymentOutcomes}. */
@Component
class PaymentResultListener {

    private final PaymentOutcomes outcomes;

    PaymentResultListener(PaymentOutcomes outcomes) {
        this.outcomes = outcomes;
    }

    @KafkaListener(topics = Topics.PAYMENT_RESULTS)
    void onPaymentResult(ConsumerRecord<String, String> record) {
        Envelope envelope = Envelope.of(record);
        outcomes.apply(envelope.messageId(), envelope.event(PaymentResult.class));
    }
}
