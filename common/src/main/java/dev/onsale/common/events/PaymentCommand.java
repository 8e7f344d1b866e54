package dev.onsale.common.events;

import java.util.UUID;

/**
 * What booking-service asks of payment-service on {@link dev.onsale.common.Topics#PAYMENT_REQUESTS}, keyed by
 * order id, through booking's outbox.
 */
public sealed interface PaymentCommand permits PaymentRequested, RefundRequested {

    UUID orderId();

    UUID paymentId();
}
