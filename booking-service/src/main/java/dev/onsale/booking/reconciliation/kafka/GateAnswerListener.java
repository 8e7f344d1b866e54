package dev.onsale.booking.reconciliation.kafka;

import dev.onsale.booking.reconciliation.GateAnswers;
import dev.onsale.booking.reconciliation.GateLossResponse;
import dev.onsale.common.Topics;
import dev.onsale.common.events.GateLost;
import dev.onsale.common.events.GateReconciled;
import dev.onsale.common.events.ReconciliationReply;
import dev.onsale.platform.messaging.Envelope;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.listener.ConsumerSeekAware;
import org.springframework.stereotype.Component;

/**
 * Reads every answer of the gate in a consumer group of this replica's own, from the latest offset (an answer
 * matters only to a run still waiting, and news of a lost gate to the replicas that run now); parses it and hands
 * it on.
 */
@Component
class GateAnswerListener implements ConsumerSeekAware {

    private final GateAnswers answers;
    private final GateLossResponse gateLoss;

    GateAnswerListener(GateAnswers answers, GateLossResponse gateLoss) {
        this.answers = answers;
        this.gateLoss = gateLoss;
    }

    @KafkaListener(
            id = "reconciliation-replies",
            topics = Topics.RECONCILIATION_REPLIES,
            groupId = "#{@gateAnswers.group()}",
            properties = {"auto.offset.reset=latest", "enable.auto.commit=true"})
    void onAnswer(ConsumerRecord<String, String> record) {
        switch (Envelope.of(record).event(ReconciliationReply.class)) {
            case GateReconciled reconciled -> answers.answered(reconciled);
            case GateLost lost -> gateLoss.lost(lost);
        }
    }

    @Override
    public void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
        if (!assignments.isEmpty()) {
            answers.listening();
        }
    }
}
