package dev.onsale.inventory.hold.kafka;

import dev.onsale.common.Topics;
import dev.onsale.common.events.HoldReply;
import dev.onsale.inventory.hold.HoldReplyHandler;
import dev.onsale.inventory.kafka.ListenerThreads;
import dev.onsale.platform.messaging.Envelope;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.stereotype.Component;

/**
 * Reads every allocation reply in a consumer group of this replica's own, from the latest offset
 * (a reply matters only to requests still waiting); parses it and hands it on.
 */
@Component
class HoldReplyListener implements ConsumerSeekAware {

    private final HoldReplyHandler replies;
    private final ReplyListenerReadiness readiness;

    HoldReplyListener(HoldReplyHandler replies, ReplyListenerReadiness readiness) {
        this.replies = replies;
        this.readiness = readiness;
    }

    @KafkaListener(
            id = "hold-replies",
            containerFactory = ListenerThreads.PLATFORM_THREADS,
            topics = Topics.HOLD_REPLIES,
            groupId = "#{@replyListener.group()}",
            properties = {"auto.offset.reset=latest", "enable.auto.commit=true"})
    void onReply(ConsumerRecord<String, String> record) {
        replies.apply(Envelope.of(record).event(HoldReply.class));
    }

    @Override
    public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
        readiness.assigned(assignments.keySet());
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        readiness.revoked(partitions);
    }
}
