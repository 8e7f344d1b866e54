package dev.onsale.payment.refund;

import java.util.UUID;

/**
 * One row of {@code payment.refunds}, with the charge of its payment ({@code chargeId}, null until the payment
 * succeeded) and the provider's refund ({@code providerRefundId}, null until known).
 */
public record Refund(
        UUID paymentId,
        UUID refundId,
        UUID orderId,
        long amountCents,
        RefundStatus status,
        String chargeId,
        String providerRefundId,
        int attempts) {

    /** The Idempotency-Key of every refund request for this payment: one refund per payment, whoever retries. */
    public String idempotencyKey() {
        return "refund-" + paymentId;
    }
}
