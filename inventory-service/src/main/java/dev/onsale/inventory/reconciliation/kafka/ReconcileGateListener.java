package dev.onsale.inventory.reconciliation.kafka;

import dev.onsale.common.Topics;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconciliationCommand;
import dev.onsale.inventory.kafka.ListenerThreads;
import dev.onsale.inventory.reconciliation.GateReconciliation;
import dev.onsale.platform.messaging.Envelope;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Reads booking's reconciliation commands in the service's shared group; parses them and hands them on. */
@Component
class ReconcileGateListener {

    private final GateReconciliation reconciliation;

    ReconcileGateListener(GateReconciliation reconciliation) {
        this.reconciliation = reconciliation;
    }

    @KafkaListener(
            id = "reconciliation-commands",
            idIsGroup = false,
            containerFactory = ListenerThreads.PLATFORM_THREADS,
            topics = Topics.RECONCILIATION_COMMANDS)
    void onCommand(ConsumerRecord<String, String> record) {
        switch (Envelope.of(record).event(ReconciliationCommand.class)) {
            case ReconcileGate reconcile -> reconciliation.reconcile(reconcile);
        }
    }
}
