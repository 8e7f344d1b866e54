package dev.onsale.inventory.reconciliation;

import dev.onsale.common.Topics;
import dev.onsale.common.events.GateReconciled;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.platform.messaging.Envelope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
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
 * up waiting, and its database side is too old to repair toward. A command comes in parts (all keyed by the event,
 * so they reach one consumer in order); the gate acts once it holds every part, and forgets parts left incomplete
 * (a rebalance moved the rest elsewhere) once they are stale: that event is unanswered in that run, the next asks again.
 */
@Component
public class GateReconciliation {

    static final Duration STALE_AFTER = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(GateReconciliation.class);

    private final GateReconciler reconciler;
    private final KafkaTemplate<String, String> kafka;
    private final Clock clock;
    private final Map<Question, Parts> incomplete = new ConcurrentHashMap<>();

    private record Question(UUID runId, UUID eventId) {}

    /** The parts of one question received so far, by part number. */
    private record Parts(Instant asOf, Map<Integer, ReconcileGate> received) {}

    GateReconciliation(GateReconciler reconciler, KafkaTemplate<String, String> kafka, Clock clock) {
        this.clock = clock;
        this.reconciler = reconciler;
        this.kafka = kafka;
    }

    /**
     * Reconciles and answers once every part of the command is here; returns the answer, empty when the command was
     * too old to act on or parts of it are still to come.
     */
    public Optional<GateReconciled> reconcile(ReconcileGate part) {
        Instant staleBefore = clock.instant().minus(STALE_AFTER);
        incomplete.values().removeIf(waiting -> waiting.asOf().isBefore(staleBefore));
        if (part.asOf().isBefore(staleBefore)) {
            log.info(
                    "reconciliation run {}: the command for event {} read the database at {}, too long ago; skipped",
                    part.runId(),
                    part.eventId(),
                    part.asOf());
            return Optional.empty();
        }
        Optional<ReconcileGate> whole = assembled(part);
        if (whole.isEmpty()) {
            return Optional.empty();
        }
        ReconcileGate command = whole.get();
        GateReconciled reply = reconciler.reconcile(command);
        try {
            kafka.send(Envelope.wrap(command.eventId().toString(), reply).toRecord(Topics.RECONCILIATION_REPLIES))
                    .get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            log.warn(
                    "reconciliation run {}: the answer for event {} was not delivered: {}",
                    command.runId(),
                    command.eventId(),
                    e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.of(reply);
    }

    /** The whole command once {@code part} completes it (a part delivered twice counts once). */
    private Optional<ReconcileGate> assembled(ReconcileGate part) {
        if (part.parts() == 1) {
            return Optional.of(part);
        }
        var question = new Question(part.runId(), part.eventId());
        Map<Integer, ReconcileGate> received = incomplete
                .computeIfAbsent(question, q -> new Parts(part.asOf(), new ConcurrentHashMap<>()))
                .received();
        received.put(part.part(), part);
        if (received.size() < part.parts() || incomplete.remove(question) == null) {
            return Optional.empty();
        }
        return Optional.of(ReconcileGate.joined(List.copyOf(received.values())));
    }
}
