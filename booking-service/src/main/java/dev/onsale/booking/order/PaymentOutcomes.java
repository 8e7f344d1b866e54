package dev.onsale.booking.order;

import dev.onsale.booking.order.OrderPayments.Change;
import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.RefundIssued;
import dev.onsale.common.events.RefundRequested;
import dev.onsale.platform.inbox.Inbox;
import dev.onsale.platform.outbox.Outbox;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Applies payment-service's results to orders and their payments, once per message, in one transaction with
 * the inbox record and the locked order:
 * <ul>
 * <li>PaymentSucceeded: a live order is CONFIRMED and its payment SUCCEEDED; for a dead order (EXPIRED,
 * CANCELLED, PAYMENT_FAILED) the payment becomes REFUND_PENDING and {@code RefundRequested} goes to the
 * outbox — money is never kept without a ticket;</li>
 * <li>PaymentFailed: the payment FAILED, a pending order PAYMENT_FAILED (its seats freed at once);</li>
 * <li>RefundIssued: the payment REFUNDED, a dead order REFUNDED.</li>
 * </ul>
 * A result that no longer fits (the order or payment moved on meanwhile, or is unknown) changes nothing and
 * says so in the log: results may arrive late, twice under new ids, or out of order, and a consumer that threw
 * on them would stop its partition. The inbox stops a redelivered message; the payment's REFUND_PENDING state
 * stops a second success of one payment, so a payment gets at most one RefundRequested.
 */
@Component
public class PaymentOutcomes {

    /** Inbox consumer name of {@code onsale.payments.results} deliveries. */
    static final String CONSUMER = "booking.payment-results";

    private static final Logger log = LoggerFactory.getLogger(PaymentOutcomes.class);

    private final OrderTransitions transitions;
    private final OrderPayments payments;
    private final Outbox outbox;
    private final Inbox inbox;
    private final OrderMetrics metrics;

    PaymentOutcomes(
            OrderTransitions transitions, OrderPayments payments, Outbox outbox, Inbox inbox, OrderMetrics metrics) {
        this.transitions = transitions;
        this.payments = payments;
        this.outbox = outbox;
        this.inbox = inbox;
        this.metrics = metrics;
    }

    @Transactional
    public void apply(UUID messageId, PaymentResult result) {
        if (!inbox.firstDelivery(CONSUMER, messageId)) {
            return;
        }
        Optional<Order> locked = transitions.lock(result.orderId());
        if (locked.isEmpty()) {
            log.warn(
                    "{} for unknown order {} (payment {}) ignored",
                    result.getClass().getSimpleName(),
                    result.orderId(),
                    result.paymentId());
            return;
        }
        Order order = locked.get();
        switch (result) {
            case PaymentSucceeded succeeded -> succeeded(order, succeeded);
            case PaymentFailed failed -> failed(order, failed);
            case RefundIssued refund -> refunded(order, refund);
        }
    }

    private void succeeded(Order order, PaymentSucceeded succeeded) {
        if (order.status().live()) {
            transitions.move(order, OrderStatus.CONFIRMED);
            logIfUnchanged(payments.succeeded(order.id(), succeeded.paymentId()), "SUCCEEDED", order, succeeded);
        } else if (order.status().dead()) {
            refund(order, succeeded);
        } else {
            log.info(
                    "PaymentSucceeded for order {} (payment {}) changes nothing: the order is {} already",
                    order.id(),
                    succeeded.paymentId(),
                    order.status());
        }
    }

    /** The order ended before its money was captured: ask for the money back, once per payment. */
    private void refund(Order order, PaymentSucceeded succeeded) {
        Change change = payments.refundRequested(order.id(), succeeded.paymentId());
        if (change == Change.UNCHANGED) {
            log.info(
                    "PaymentSucceeded for order {} (payment {}, {}) changes nothing: its refund was requested already",
                    order.id(),
                    succeeded.paymentId(),
                    order.status());
            return;
        }
        if (change == Change.UNKNOWN) {
            // Captured money is given back even for a payment booking has no row of: never kept without a ticket.
            log.warn(
                    "Payment {} of order {} is unknown here; its refund is requested all the same",
                    succeeded.paymentId(),
                    order.id());
        }
        outbox.append(
                Topics.PAYMENT_REQUESTS,
                order.id().toString(),
                new RefundRequested(
                        order.id(), succeeded.paymentId(), succeeded.amountCents(), refundReason(order.status())));
        log.warn(
                "Payment {} of {} {} succeeded for order {}, which had already ended {}: refund requested",
                succeeded.paymentId(),
                succeeded.amountCents(),
                succeeded.currency(),
                order.id(),
                order.status());
        metrics.paidAfterEnd(order.status());
    }

    private void failed(Order order, PaymentFailed failed) {
        logIfUnchanged(payments.failed(order.id(), failed.paymentId(), failed.reason()), "FAILED", order, failed);
        if (order.status() == OrderStatus.PAYMENT_PENDING) {
            transitions.move(order, OrderStatus.PAYMENT_FAILED);
        } else {
            log.warn(
                    "PaymentFailed ({}) for order {} in {} changes nothing (payment {})",
                    failed.reason(),
                    order.id(),
                    order.status(),
                    failed.paymentId());
        }
    }

    private void refunded(Order order, RefundIssued refund) {
        logIfUnchanged(payments.refunded(order.id(), refund.paymentId(), refund.refundId()), "REFUNDED", order, refund);
        if (order.status().dead()) {
            transitions.move(order, OrderStatus.REFUNDED);
        } else {
            log.warn(
                    "RefundIssued {} for order {} in {} changes nothing (payment {})",
                    refund.refundId(),
                    order.id(),
                    order.status(),
                    refund.paymentId());
        }
    }

    private static void logIfUnchanged(Change change, String target, Order order, PaymentResult result) {
        if (change != Change.CHANGED) {
            log.warn(
                    "{} for order {} in {} leaves payment {} as it was ({}), not {}",
                    result.getClass().getSimpleName(),
                    order.id(),
                    order.status(),
                    result.paymentId(),
                    change,
                    target);
        }
    }

    /** Why the refund is asked for, e.g. {@code order_expired}. */
    static String refundReason(OrderStatus dead) {
        return "order_" + dead.name().toLowerCase(Locale.ROOT);
    }
}
