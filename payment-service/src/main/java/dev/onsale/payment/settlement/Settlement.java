package dev.onsale.payment.settlement;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.RefundIssued;
import dev.onsale.payment.AfterCommit;
import dev.onsale.payment.record.Payment;
import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.refund.Refund;
import dev.onsale.payment.refund.Refunds;
import dev.onsale.platform.outbox.Outbox;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Applies what the provider says about a charge or a refund to our payment records, whoever heard it (webhook,
 * poller, the answer to a submission). Idempotent: an observation already applied changes nothing. Joins the
 * caller's transaction, so a caller that records a dedupe key in the same transaction applies it exactly once.
 * <p>
 * The only place results leave payment-service: each through the outbox in the transaction of its state change,
 * and each at most once per payment (PaymentSucceeded on entering SUCCEEDED, PaymentFailed on leaving QUEUED or
 * SUBMITTED, RefundIssued on entering a refund's SUCCEEDED — see {@link PaymentStatus}). The row is locked first,
 * so concurrent observers of one payment apply one after the other.
 */
@Component
public class Settlement {

    /** PaymentFailed reason when the payment bound passed without an accepted submission. */
    public static final String PROVIDER_UNAVAILABLE = "provider-unavailable";

    private static final Logger log = LoggerFactory.getLogger(Settlement.class);

    private final Payments payments;
    private final Refunds refunds;
    private final Outbox outbox;
    private final SettlementMetrics metrics;

    Settlement(Payments payments, Refunds refunds, Outbox outbox, SettlementMetrics metrics) {
        this.payments = payments;
        this.refunds = refunds;
        this.outbox = outbox;
        this.metrics = metrics;
    }

    /**
     * Matches the charge to its payment by charge id, else by order id (one payment per order): PENDING only
     * remembers the charge (UNCHANGED: nothing announced); SUCCEEDED and DECLINED settle it. A decline of a
     * payment we had already given up on resolves it to DECLINED without a second PaymentFailed (UNCHANGED).
     *
     * @throws IllegalArgumentException for a status the provider's contract does not have
     */
    @Transactional
    public Applied chargeObserved(ProviderCharge charge) {
        Optional<Payment> found = payments.lockByCharge(charge.chargeId());
        if (found.isEmpty() && charge.orderId() != null) {
            found = payments.lockByOrder(charge.orderId());
        }
        if (found.isEmpty()) {
            log.warn(
                    "Charge {} ({}) of order {} matches no payment of ours",
                    charge.chargeId(),
                    charge.status(),
                    charge.orderId());
            return Applied.UNKNOWN;
        }
        Payment payment = found.get();
        if (payment.chargeId() != null && !payment.chargeId().equals(charge.chargeId())) {
            log.error(
                    "Charge {} of order {} is not payment {}'s charge {}: left alone",
                    charge.chargeId(),
                    charge.orderId(),
                    payment.id(),
                    payment.chargeId());
            return Applied.UNKNOWN;
        }
        return switch (charge.status()) {
            case "PENDING" -> {
                payments.recordCharge(payment.id(), charge.chargeId());
                yield Applied.UNCHANGED;
            }
            case "SUCCEEDED" -> succeeded(payment, charge);
            case "DECLINED" -> declined(payment, charge);
            default ->
                throw new IllegalArgumentException(
                        "unknown charge status '" + charge.status() + "' of " + charge.chargeId());
        };
    }

    /**
     * Matches the refund to ours by the provider's refund id, else by its charge, else by order id (one refund per
     * payment): SUCCEEDED settles it with RefundIssued.
     *
     * @throws IllegalArgumentException for a status the provider's contract does not have
     */
    @Transactional
    public Applied refundObserved(ProviderRefund refund) {
        if (!"SUCCEEDED".equals(refund.status())) {
            throw new IllegalArgumentException(
                    "unknown refund status '" + refund.status() + "' of " + refund.refundId());
        }
        Optional<Refund> found = refunds.lockByProviderRefund(refund.refundId());
        if (found.isEmpty() && refund.chargeId() != null) {
            found = refunds.lockByCharge(refund.chargeId());
        }
        if (found.isEmpty() && refund.orderId() != null) {
            found = refunds.lockByOrder(refund.orderId());
        }
        if (found.isEmpty()) {
            log.warn("Refund {} of charge {} matches no refund of ours", refund.refundId(), refund.chargeId());
            return Applied.UNKNOWN;
        }
        Refund ours = found.get();
        if (!ours.status().takesSuccess()) {
            if (!refund.refundId().equals(ours.providerRefundId())) {
                log.error(
                        "Refund {} of payment {} is a second refund (ours is {}): left alone",
                        refund.refundId(),
                        ours.paymentId(),
                        ours.providerRefundId());
            }
            return Applied.UNCHANGED;
        }
        refunds.succeed(ours.paymentId(), refund.refundId());
        outbox.append(
                Topics.PAYMENT_RESULTS,
                ours.orderId().toString(),
                new RefundIssued(ours.orderId(), ours.paymentId(), ours.refundId(), refund.amountCents()));
        AfterCommit.run(() -> metrics.refund("succeeded"));
        log.info(
                "Refund {} of payment {} issued ({} cents)", refund.refundId(), ours.paymentId(), refund.amountCents());
        return Applied.CHANGED;
    }

    /**
     * A payment that never got an accepted submission fails for good: the provider refused the request, or the
     * payment bound passed ({@link #PROVIDER_UNAVAILABLE}). QUEUED -> FAILED with PaymentFailed; a payment no
     * longer QUEUED is left as it is.
     */
    @Transactional
    public Applied failed(UUID paymentId, String reason) {
        Optional<Payment> found = payments.lock(paymentId);
        if (found.isEmpty()) {
            return Applied.UNKNOWN;
        }
        Payment payment = found.get();
        if (!payment.status().takesFailure()) {
            return Applied.UNCHANGED;
        }
        payments.settle(payment.id(), PaymentStatus.FAILED, null, reason);
        outbox.append(
                Topics.PAYMENT_RESULTS,
                payment.orderId().toString(),
                new PaymentFailed(payment.orderId(), payment.id(), reason));
        AfterCommit.run(() -> metrics.settled("failed", payment.requestedAt()));
        log.warn("Payment {} of order {} failed: {}", payment.id(), payment.orderId(), reason);
        return Applied.CHANGED;
    }

    /**
     * The provider refused the refund for good: QUEUED -> FAILED, nothing announced (money is held that should not
     * be: logged as an error for an operator). A later observation of the refund still settles it.
     */
    @Transactional
    public Applied refundRefused(UUID paymentId, String reason) {
        if (!refunds.fail(paymentId, reason)) {
            return Applied.UNCHANGED;
        }
        AfterCommit.run(() -> metrics.refund("failed"));
        log.error(
                "Refund of payment {} refused by the provider ({}): the money must be returned by hand",
                paymentId,
                reason);
        return Applied.CHANGED;
    }

    private Applied succeeded(Payment payment, ProviderCharge charge) {
        if (!payment.status().takesSuccess()) {
            if (payment.status() == PaymentStatus.DECLINED) {
                log.error(
                        "Charge {} reported SUCCEEDED after it was DECLINED; payment {} left DECLINED",
                        charge.chargeId(),
                        payment.id());
            }
            return Applied.UNCHANGED;
        }
        if (charge.amountCents() != payment.amountCents() || !payment.currency().equals(charge.currency())) {
            log.error(
                    "Charge {} captured {} {} for payment {} of {} {}",
                    charge.chargeId(),
                    charge.amountCents(),
                    charge.currency(),
                    payment.id(),
                    payment.amountCents(),
                    payment.currency());
        }
        payments.settle(payment.id(), PaymentStatus.SUCCEEDED, charge.chargeId(), null);
        outbox.append(
                Topics.PAYMENT_RESULTS,
                payment.orderId().toString(),
                new PaymentSucceeded(payment.orderId(), payment.id(), charge.amountCents(), charge.currency()));
        AfterCommit.run(() -> metrics.settled("succeeded", payment.requestedAt()));
        if (payment.status() == PaymentStatus.FAILED) {
            log.warn(
                    "Payment {} of order {} succeeded after it had failed: booking refunds it if the order is gone",
                    payment.id(),
                    payment.orderId());
        }
        return Applied.CHANGED;
    }

    private Applied declined(Payment payment, ProviderCharge charge) {
        if (payment.status().takesDeclineSilently()) {
            payments.settle(payment.id(), PaymentStatus.DECLINED, charge.chargeId(), charge.failureCode());
            return Applied.UNCHANGED;
        }
        if (!payment.status().takesDeclineWithResult()) {
            if (payment.status() == PaymentStatus.SUCCEEDED) {
                log.error(
                        "Charge {} reported DECLINED after it SUCCEEDED; payment {} left SUCCEEDED",
                        charge.chargeId(),
                        payment.id());
            }
            return Applied.UNCHANGED;
        }
        String reason = charge.failureCode() == null ? "declined" : charge.failureCode();
        payments.settle(payment.id(), PaymentStatus.DECLINED, charge.chargeId(), reason);
        outbox.append(
                Topics.PAYMENT_RESULTS,
                payment.orderId().toString(),
                new PaymentFailed(payment.orderId(), payment.id(), reason));
        AfterCommit.run(() -> metrics.settled("declined", payment.requestedAt()));
        return Applied.CHANGED;
    }
}
