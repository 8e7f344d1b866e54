package dev.onsale.common.events;

import java.util.UUID;

/**
 * Results published by payment-service on {@link dev.onsale.common.Topics#PAYMENT_RESULTS}, keyed by
 * order id, relayed from its outbox.
 */
public sealed interface PaymentResult permits PaymentSucceeded, PaymentFailed, RefundIssued {

    UUID orderId();

    UUID paymentId();
}
