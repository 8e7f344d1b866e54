package dev.onsale.booking.payment;

import dev.onsale.booking.order.IllegalOrderTransition;
import dev.onsale.booking.order.Order;
import dev.onsale.booking.order.OrderStatus;
import dev.onsale.booking.order.OrderTransitions;
import dev.onsale.booking.payment.IdempotencyRecords.IdempotencyRecord;
import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.platform.outbox.Outbox;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * A buyer's payment requests, idempotent per (session, Idempotency-Key). The key's record is claimed first, so
 * that a repeat is answered from it whatever the order's state is now; only a new request looks at the order.
 * One transaction writes the record, the PROCESSING payment, the order's move to PAYMENT_PENDING and
 * {@code PaymentRequested} in the outbox — or, for a refusal, nothing at all: only accepted answers are stored.
 * A repeat gets the record's status (202) and payment id, with the payment's status as it is now (and its
 * failure reason while FAILED): replaying the first body would say PROCESSING of a payment long settled.
 * <p>
 * Concurrent duplicates: the record's primary key makes every duplicate's claim wait for the first claimer's
 * transaction. If that commits, they read its record and answer from it; if it rolls back (a refusal, a
 * failure), the next claimer goes ahead as a new request. None of them ever sees a conflict, and while the payment
 * is processing they all get the same answer.
 */
@Service
public class PaymentRequests {

    private static final Logger log = LoggerFactory.getLogger(PaymentRequests.class);

    private final IdempotencyRecords records;
    private final Payments payments;
    private final OrderTransitions orders;
    private final Outbox outbox;
    private final PaymentMetrics metrics;
    private final JsonMapper json;
    private final TransactionTemplate transaction;

    PaymentRequests(
            IdempotencyRecords records,
            Payments payments,
            OrderTransitions orders,
            Outbox outbox,
            PaymentMetrics metrics,
            JsonMapper json,
            PlatformTransactionManager transactions) {
        this.records = records;
        this.payments = payments;
        this.orders = orders;
        this.outbox = outbox;
        this.metrics = metrics;
        this.json = json;
        this.transaction = new TransactionTemplate(transactions);
        // The re-read after a lost claim must see the winner's commit: a fresh snapshot per statement.
        this.transaction.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
    }

    /** Answers the request of {@code sessionId} under {@code key}: new, replayed, or refused (nothing written). */
    public Outcome request(UUID sessionId, String key, PaymentRequest request) {
        Outcome outcome = transaction.execute(status -> decide(sessionId, key, request, status));
        switch (outcome) {
            case Outcome.Accepted accepted -> metrics.requested();
            case Outcome.Replayed replayed -> metrics.replayed();
            case Outcome.KeyReused reused ->
                log.info("Idempotency-Key reused with another request (order {})", request.orderId());
            case Outcome.OrderNotFound notFound -> {}
            case Outcome.OrderNotPayable notPayable -> {}
        }
        return outcome;
    }

    private Outcome decide(UUID sessionId, String key, PaymentRequest request, TransactionStatus status) {
        UUID paymentId = UUID.randomUUID();
        PaymentAnswer accepted = new PaymentAnswer(
                HttpStatus.ACCEPTED.value(),
                json.writeValueAsString(PaymentState.of(paymentId, PaymentState.PROCESSING, null)));
        IdempotencyRecord mine = new IdempotencyRecord(sessionId, key, request.fingerprint(), paymentId, accepted);
        if (!records.claim(mine)) {
            Optional<IdempotencyRecord> earlier = records.find(sessionId, key);
            if (earlier.isEmpty()) {
                // Purged between the claim and the read (it was past its TTL): claim again, as a new key.
                return decide(sessionId, key, request, status);
            }
            return earlier.get().fingerprint().equals(mine.fingerprint())
                    ? new Outcome.Replayed(now(earlier.get()))
                    : new Outcome.KeyReused();
        }
        Optional<Order> owned = orders.lock(request.orderId()).filter(order -> order.ownedBy(sessionId));
        if (owned.isEmpty()) {
            status.setRollbackOnly();
            return new Outcome.OrderNotFound();
        }
        Order order;
        try {
            order = orders.startPayment(request.orderId()).orElseThrow();
        } catch (IllegalOrderTransition notPayable) {
            status.setRollbackOnly();
            return new Outcome.OrderNotPayable(
                    owned.get().status() == OrderStatus.HELD
                            ? "its hold ran out"
                            : "it is " + owned.get().status() + "; only a HELD order can be paid");
        }
        Instant requestedAt = payments.insertProcessing(
                paymentId, order.id(), sessionId, request.paymentMethod(), order.amountCents(), order.currency());
        outbox.append(
                Topics.PAYMENT_REQUESTS,
                order.id().toString(),
                new PaymentRequested(
                        order.id(),
                        paymentId,
                        order.eventId(),
                        sessionId,
                        order.amountCents(),
                        order.currency(),
                        request.paymentMethod(),
                        requestedAt));
        log.info(
                "Payment {} of {} {} requested for order {}",
                paymentId,
                order.amountCents(),
                order.currency(),
                order.id());
        return new Outcome.Accepted(mine.answer());
    }

    /**
     * The answer to a repeat: the first answer's status, the payment as it is now. A record always has its payment
     * (same transaction, deferred foreign key); the first body is the fallback should that ever not hold.
     */
    private PaymentAnswer now(IdempotencyRecord record) {
        return payments.state(record.paymentId())
                .map(state -> new PaymentAnswer(record.answer().status(), json.writeValueAsString(state)))
                .orElse(record.answer());
    }

    /** What became of a request; only {@link Accepted} wrote anything. */
    public sealed interface Outcome {

        /** A new payment: the answer is stored under the key; its status and payment id go to every repeat. */
        record Accepted(PaymentAnswer answer) implements Outcome {}

        /** A repeat of an accepted request (same key, same fingerprint): its payment as it is now. */
        record Replayed(PaymentAnswer answer) implements Outcome {}

        /** The key was used for another request (other order or body) by this session. */
        record KeyReused() implements Outcome {}

        /** No such order, or another session's. */
        record OrderNotFound() implements Outcome {}

        /** The order is not HELD, or its hold ran out ({@code reason} says which). */
        record OrderNotPayable(String reason) implements Outcome {}
    }
}
