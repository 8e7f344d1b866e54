package dev.onsale.payment.intake;

import dev.onsale.common.events.PaymentCommand;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.common.events.RefundRequested;
import dev.onsale.payment.AfterCommit;
import dev.onsale.payment.queue.QueueProperties;
import dev.onsale.payment.queue.WorkSignal;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.refund.Refunds;
import dev.onsale.platform.inbox.Inbox;
import dev.onsale.platform.messaging.MalformedEnvelopeException;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Turns booking's commands into queue rows, once per message (inbox, same transaction): PaymentRequested into a
 * QUEUED payment (a second request for the payment or its order changes nothing), RefundRequested into the
 * payment's one refund. Nothing here calls the provider: the row is the durable request, the dispatcher of any
 * replica sends it.
 */
@Component
public class PaymentIntake {

    /** Inbox consumer name of {@code onsale.payments.requests} deliveries. */
    static final String CONSUMER = "payment.requests";

    private static final Logger log = LoggerFactory.getLogger(PaymentIntake.class);
    private static final Pattern TOKEN = Pattern.compile("^tok_[A-Za-z0-9_]{1,64}$");
    private static final Pattern CURRENCY = Pattern.compile("^[A-Z]{3}$");

    private final Inbox inbox;
    private final Payments payments;
    private final Refunds refunds;
    private final QueueProperties queue;
    private final WorkSignal signal;

    PaymentIntake(Inbox inbox, Payments payments, Refunds refunds, QueueProperties queue, WorkSignal signal) {
        this.inbox = inbox;
        this.payments = payments;
        this.refunds = refunds;
        this.queue = queue;
        this.signal = signal;
    }

    /**
     * @throws MalformedEnvelopeException for a command off contract (no payment-method token, no amount): it can
     *                                    never be applied; its value is not echoed (it might be card data)
     */
    @Transactional
    public void accept(UUID messageId, PaymentCommand command) {
        if (!inbox.firstDelivery(CONSUMER, messageId)) {
            return;
        }
        switch (command) {
            case PaymentRequested requested -> requested(requested);
            case RefundRequested refund -> refund(refund);
        }
    }

    private void requested(PaymentRequested request) {
        if (request.orderId() == null
                || request.paymentId() == null
                || request.amountCents() <= 0
                || request.currency() == null
                || !CURRENCY.matcher(request.currency()).matches()
                || request.paymentMethod() == null
                || !TOKEN.matcher(request.paymentMethod()).matches()) {
            throw new MalformedEnvelopeException("PaymentRequested for payment " + request.paymentId()
                    + " is off contract (ids, a positive amount, an ISO currency and a tok_ payment method required)");
        }
        if (payments.enqueue(request, queue.paymentBound())) {
            AfterCommit.run(signal::signal);
            return;
        }
        payments.findByOrder(request.orderId())
                .filter(existing -> !existing.id().equals(request.paymentId()))
                .ifPresent(existing -> log.warn(
                        "PaymentRequested {} for order {} ignored: the order has payment {}",
                        request.paymentId(),
                        request.orderId(),
                        existing.id()));
    }

    private void refund(RefundRequested request) {
        if (request.paymentId() == null || request.amountCents() <= 0) {
            throw new MalformedEnvelopeException("RefundRequested for payment " + request.paymentId()
                    + " is off contract (a payment id and a positive amount required)");
        }
        switch (refunds.enqueue(request)) {
            case QUEUED -> AfterCommit.run(signal::signal);
            case ALREADY_THERE ->
                log.info("RefundRequested for payment {} again; its refund is queued or done", request.paymentId());
            case UNKNOWN_PAYMENT ->
                log.error(
                        "RefundRequested for payment {} of order {}, which we never had: ignored",
                        request.paymentId(),
                        request.orderId());
        }
    }
}
