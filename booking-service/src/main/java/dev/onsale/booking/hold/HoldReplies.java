package dev.onsale.booking.hold;

import dev.onsale.common.Topics;
import dev.onsale.common.events.HoldReply;
import dev.onsale.platform.messaging.Envelope;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Sends replies on onsale.holds.replies, keyed by order id — after the decision committed, and the one
 * message of booking that is not written through the outbox: a lost reply only makes the gate's request
 * time out. Waits for Kafka's acknowledgement, so a failed send fails the command's delivery, which is
 * then retried and replied again from the recorded decision.
 */
@Component
class HoldReplies {

    private final KafkaTemplate<String, String> kafka;
    private final HoldProperties properties;

    HoldReplies(KafkaTemplate<String, String> kafka, HoldProperties properties) {
        this.kafka = kafka;
        this.properties = properties;
    }

    void send(HoldReply reply) {
        var record = Envelope.wrap(reply.orderId().toString(), reply).toRecord(Topics.HOLD_REPLIES);
        try {
            kafka.send(record).get(properties.replyTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while replying to order " + reply.orderId(), e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not reply to order " + reply.orderId(), e);
        }
    }
}
