package dev.onsale.common.events;

import java.util.UUID;

/** The provider refunded {@code amountCents} of the payment: booking ends the order {@code REFUNDED}. */
public record RefundIssued(UUID orderId, UUID paymentId, UUID refundId, long amountCents) implements PaymentResult {}
