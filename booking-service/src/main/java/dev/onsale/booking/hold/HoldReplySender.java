package dev.onsale.booking.hold;

import dev.onsale.common.Topics;
import dev.onsale.common.events.HoldReply;
import dev.onsale.platform.messaging.Envelope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Sends replies on onsale.holds.replies, keyed by order id — after the decision committed, and the one
 * message of booking that is not written through the outbox: a lost reply only makes the gate's request
 * time out (the gate then releases its side and sends CancelAllocation, which releases the order here), and
 * the durable record is the order event. So the consumer does not wait for Kafka's acknowledgement: waiting
 * would cost every allocation a broker round trip on the one thread of its partition.
 */
@Component
class HoldReplySender {

    private static final Logger log = LoggerFactory.getLogger(HoldReplySender.class);

    private final KafkaTemplate<String, String> kafka;

    HoldReplySender(KafkaTemplate<String, String> kafka) {
        this.kafka = kafka;
    }

    void send(HoldReply reply) {
        var record = Envelope.wrap(reply.orderId().toString(), reply).toRecord(Topics.HOLD_REPLIES);
        kafka.send(record).whenComplete((sent, failure) -> {
            if (failure != null) {
                log.warn(
                        "reply {} for order {} was not delivered; the gate's request times out and cancels it: {}",
                        reply.getClass().getSimpleName(),
                        reply.orderId(),
                        failure.toString());
            }
        });
    }
}
