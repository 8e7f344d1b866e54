package dev.onsale.booking.order;

import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.RefundIssued;
import dev.onsale.platform.inbox.Inbox;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Applies payment-service's results to orders, once per message. A result that no longer fits the order
 * (it ended meanwhile, or is unknown) changes nothing and says so in the log: results may arrive late or
 * out of order, and a consumer that threw on them would stop its partition.
 */
@Component
public class PaymentOutcomes {

    /** Inbox consumer name of {@code onsale.payments.results} deliveries. */
    static final String CONSUMER = "booking.payment-results";

    private static final Logger log = LoggerFactory.getLogger(PaymentOutcomes.class);

    private final OrderTransitions transitions;
    private final Inbox inbox;
    private final OrderMetrics metrics;

    PaymentOutcomes(OrderTransitions transitions, Inbox inbox, OrderMetrics metrics) {
        this.transitions = transitions;
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
            log.warn("{} for unknown order {} (payment {}) ignored", result.getClass().getSimpleName(),
                    result.orderId(), result.paymentId());
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
        } else if (order.status() == OrderStatus.CONFIRMED) {
            log.info("PaymentSucceeded for order {} (payment {}) again; it is confirmed already", order.id(),
                    succeeded.paymentId());
        } else {
            log.warn("Payment {} of {} {} succeeded for order {}, which had already ended {}: it must be refunded",
                    succeeded.paymentId(), succeeded.amountCents(), succeeded.currency(), order.id(), order.status());
            metrics.paidAfterEnd(order.status());
        }
    }

    private void failed(Order order, PaymentFailed failed) {
        if (order.status() == OrderStatus.PAYMENT_PENDING) {
            transitions.move(order, OrderStatus.PAYMENT_FAILED);
        } else {
            log.warn("PaymentFailed ({}) for order {} in {} changes nothing (payment {})", failed.reason(), order.id(),
                    order.status(), failed.paymentId());
        }
    }

    private void refunded(Order order, RefundIssued refund) {
        if (order.status().dead()) {
            transitions.move(order, OrderStatus.REFUNDED);
        } else {
            log.warn("RefundIssued {} for order {} in {} changes nothing (payment {})", refund.refundId(), order.id(),
                    order.status(), refund.paymentId());
        }
    }
}
