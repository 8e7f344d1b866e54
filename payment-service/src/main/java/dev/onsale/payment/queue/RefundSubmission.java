package dev.onsale.payment.queue;

import dev.onsale.payment.provider.Provider;
import dev.onsale.payment.provider.ProviderAnswer;
import dev.onsale.payment.provider.RefundRequest;
import dev.onsale.payment.provider.RefundView;
import dev.onsale.payment.refund.Refund;
import dev.onsale.payment.refund.Refunds;
import dev.onsale.payment.settlement.Settlement;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One refund request for a claimed refund (permit and slot already taken), and what its answer does. The key is
 * derived from the payment id and the body never changes, so retries never refund twice. Refunds are never given
 * up on: money must not stay without a ticket.
 */
@Component
class RefundSubmission {

    private static final Logger log = LoggerFactory.getLogger(RefundSubmission.class);

    private final Provider provider;
    private final Refunds refunds;
    private final Settlement settlement;
    private final Backoff backoff;

    RefundSubmission(Provider provider, Refunds refunds, Settlement settlement, QueueProperties queue) {
        this.provider = provider;
        this.refunds = refunds;
        this.settlement = settlement;
        this.backoff = new Backoff(queue.retryInitial(), queue.retryMax());
    }

    void submit(Refund refund, UUID claim) {
        ProviderAnswer<RefundView> answer = provider.createRefund(
                refund.idempotencyKey(), new RefundRequest(refund.chargeId(), refund.amountCents()));
        switch (answer) {
            case ProviderAnswer.Accepted<RefundView>(RefundView issued) ->
                settlement.refundObserved(issued.observation());
            case ProviderAnswer.RateLimited<RefundView>(var retryAfter) ->
                refunds.retry(refund.paymentId(), claim, retryAfter, false);
            case ProviderAnswer.Unavailable<RefundView>(var outcome, var detail) -> {
                var delay = backoff.after(refund.attempts() + 1);
                log.info(
                        "Refund of payment {}: provider {} ({}), retrying in {} ms with the same key",
                        refund.paymentId(),
                        outcome.tag(),
                        detail,
                        delay.toMillis());
                refunds.retry(refund.paymentId(), claim, delay, true);
            }
            case ProviderAnswer.Rejected<RefundView> rejected ->
                settlement.refundRefused(refund.paymentId(), rejected.detail());
        }
    }
}
