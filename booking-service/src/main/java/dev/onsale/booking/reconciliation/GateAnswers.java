package dev.onsale.booking.reconciliation;

import dev.onsale.common.Topics;
import dev.onsale.common.events.GateReconciled;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.platform.messaging.Envelope;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Asks the gate about one event of a run (ReconcileGate on onsale.reconciliation.commands) and hands the answer
 * (GateReconciled, read by this replica's own listener) to the run waiting for it. The question goes in parts
 * ({@code orders-per-part} orders each), all keyed by the event, so one consumer reads them in order
 * and answers once. Like allocation replies, the
 * exchange is not durable: a run that gets no answer records the event as unanswered and the next run asks again.
 */
@Component
public class GateAnswers {

    private record Question(UUID runId, UUID eventId) {}

    private final KafkaTemplate<String, String> kafka;
    private final String group;
    private final int ordersPerPart;
    private final Map<Question, CompletableFuture<GateReconciled>> waiting = new ConcurrentHashMap<>();
    private final CompletableFuture<Void> listening = new CompletableFuture<>();

    GateAnswers(KafkaTemplate<String, String> kafka, ReconciliationProperties properties) {
        this.kafka = kafka;
        this.group = properties.replyGroupPrefix() + UUID.randomUUID();
        this.ordersPerPart = properties.ordersPerPart();
    }

    /** This replica's own consumer group for the answers. */
    public String group() {
        return group;
    }

    /** Called once the listener has its partitions: answers sent from now on reach this replica. */
    public void listening() {
        listening.complete(null);
    }

    /** Waits until the listener reads answers; false if it does not within {@code wait}. */
    boolean awaitListening(Duration wait) {
        try {
            listening.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    CompletableFuture<GateReconciled> ask(ReconcileGate command) {
        var question = new Question(command.runId(), command.eventId());
        CompletableFuture<GateReconciled> answer = new CompletableFuture<>();
        waiting.put(question, answer);
        answer.whenComplete((done, failure) -> waiting.remove(question));
        for (ReconcileGate part : command.inParts(ordersPerPart)) {
            kafka.send(Envelope.wrap(command.eventId().toString(), part).toRecord(Topics.RECONCILIATION_COMMANDS))
                    .whenComplete((sent, failure) -> {
                        if (failure != null) {
                            answer.completeExceptionally(failure);
                        }
                    });
        }
        return answer;
    }

    /** An answer from the gate; one nobody waits for (another replica's run, or a run that gave up) is dropped. */
    public void answered(GateReconciled answer) {
        CompletableFuture<GateReconciled> waiter = waiting.get(new Question(answer.runId(), answer.eventId()));
        if (waiter != null) {
            waiter.complete(answer);
        }
    }
}
