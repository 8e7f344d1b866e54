package dev.onsale.payment.queue;

import dev.onsale.payment.AfterCommit;
import dev.onsale.payment.poll.PollProperties;
import dev.onsale.payment.provider.ChargeRequest;
import dev.onsale.payment.provider.ChargeView;
import dev.onsale.payment.provider.Outcome;
import dev.onsale.payment.provider.Provider;
import dev.onsale.payment.provider.ProviderAnswer;
import dev.onsale.payment.record.Payment;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.settlement.Settlement;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * One charge request for a claimed payment (permit and slot already taken), and what its answer does. The
 * Idempotency-Key is the payment id on every attempt, and the body never changes, so a retry after a timeout gets
 * the charge the first attempt created, never a second one.
 */
@Component
class ChargeSubmission {

    private static final Logger log = LoggerFactory.getLogger(ChargeSubmission.class);

    private final Provider provider;
    private final Payments payments;
    private final Settlement settlement;
    private final TransactionTemplate transactions;
    private final Backoff backoff;
    private final PollProperties poll;
    private final QueueMetrics metrics;

    ChargeSubmission(
            Provider provider,
            Payments payments,
            Settlement settlement,
            TransactionTemplate transactions,
            QueueProperties queue,
            PollProperties poll,
            QueueMetrics metrics) {
        this.provider = provider;
        this.payments = payments;
        this.settlement = settlement;
        this.transactions = transactions;
        this.backoff = new Backoff(queue.retryInitial(), queue.retryMax());
        this.poll = poll;
        this.metrics = metrics;
    }

    void submit(Payment payment, UUID claim) {
        ProviderAnswer<ChargeView> answer = provider.createCharge(
                payment.id().toString(),
                new ChargeRequest(
                        payment.orderId(), payment.amountCents(), payment.currency(), payment.paymentMethod()));
        switch (answer) {
            case ProviderAnswer.Accepted<ChargeView>(ChargeView charge) -> accepted(payment, charge);
            case ProviderAnswer.RateLimited<ChargeView>(var retryAfter) -> {
                log.info("Payment {}: provider rate limit, retrying in {}", payment.id(), retryAfter);
                payments.retry(payment.id(), claim, retryAfter, false);
            }
            case ProviderAnswer.Unavailable<ChargeView>(var outcome, var detail) -> {
                var delay = backoff.after(payment.attempts() + 1);
                if (outcome == Outcome.UNAUTHORIZED) {
                    log.error(
                            "Payment {}: provider {} ({}), retrying in {} ms with the same key",
                            payment.id(),
                            outcome.tag(),
                            detail,
                            delay.toMillis());
                } else {
                    log.info(
                            "Payment {}: provider {} ({}), retrying in {} ms with the same key",
                            payment.id(),
                            outcome.tag(),
                            detail,
                            delay.toMillis());
                }
                payments.retry(payment.id(), claim, delay, true);
            }
            case ProviderAnswer.Rejected<ChargeView> rejected -> {
                log.info("Payment {}: the provider refused the charge ({})", payment.id(), rejected.detail());
                settlement.failed(payment.id(), rejected.reason());
            }
        }
    }

    /**
     * QUEUED -> SUBMITTED only from QUEUED (a webhook may have settled it before this answer is processed), then
     * the answer itself goes through {@link Settlement}: a final status in it settles the payment at once, PENDING
     * records the charge (also for a payment we had given up on, so the poller resolves it).
     */
    private void accepted(Payment payment, ChargeView charge) {
        transactions.executeWithoutResult(status -> {
            boolean first = payments.markSubmitted(payment.id(), charge.id(), poll.after());
            settlement.chargeObserved(charge.observation());
            if (first && payment.firstSubmittedAt() == null) {
                AfterCommit.run(() -> metrics.submitted(payment.requestedAt()));
            }
        });
    }
}
