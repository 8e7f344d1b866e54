package dev.onsale.inventory.reconciliation;

import dev.onsale.common.Topics;
import dev.onsale.common.events.GateReconciled;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.platform.messaging.Envelope;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Answers a ReconcileGate: compares and repairs the event's gate, and sends what it found to booking on
 * onsale.reconciliation.replies. The answer is not durable (not in the outbox): it is the report's content, and a
 * lost one makes booking's run record the event as unanswered; the repairs themselves announce what they changed
 * through the event's outbox stream. A command older than {@link #STALE_AFTER} is not acted on: its run has given
 * up waiting, and its database side is too old to repair toward.
 */
@Component
public class GateReconciliation {

    static final Duration STALE_AFTER = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(GateReconciliation.class);

    private final GateReconciler reconciler;
    private final KafkaTemplate<String, String> kafka;
    private final Clock clock;

    GateReconciliation(GateReconciler reconciler, KafkaTemplate<String, String> kafka, Clock clock) {
        this.clock = clock;
        this.reconciler = reconciler;
        this.kafka = kafka;
    }

    /** Reconciles and answers; returns the answer, empty when the command was too old to act on. */
    public Optional<GateReconciled> reconcile(ReconcileGate command) {
        if (command.asOf().isBefore(clock.instant().minus(STALE_AFTER))) {
            log.info("reconciliation run {}: the command for event {} read the database at {}, too long ago; skipped",
                    command.runId(), command.eventId(), command.asOf());
            return Optional.empty();
        }
        GateReconciled reply = reconciler.reconcile(command);
        try {
            kafka.send(Envelope.wrap(command.eventId().toString(), reply).toRecord(Topics.RECONCILIATION_REPLIES))
                    .get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            log.warn("reconciliation run {}: the answer for event {} was not delivered: {}", command.runId(),
                    command.eventId(), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.of(reply);
    }
}
