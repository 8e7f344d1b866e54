package dev.onsale.booking.payment;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.UUID;

/**
 * A payment as its buyer sees it: the body of the 202 to its request and of every repeat of that request, so a
 * repeat tells the truth about the payment now instead of what it was when first answered. {@code failureReason}
 * is given only while the payment is FAILED, and is then the provider's reason (payment-service's PaymentFailed).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PaymentState(
        @Schema(requiredMode = Schema.RequiredMode.REQUIRED) UUID paymentId,

        @Schema(
                requiredMode = Schema.RequiredMode.REQUIRED,
                allowableValues = {"PROCESSING", "SUCCEEDED", "FAILED", "REFUND_PENDING", "REFUNDED"},
                description = "PROCESSING until the provider's result is in; REFUND_PENDING and REFUNDED for"
                        + " money captured after the order had ended")
        String status,

        @Schema(
                description = "FAILED only: the provider's reason, e.g. card_declined, insufficient_funds,"
                        + " unknown_payment_method, provider-unavailable",
                example = "card_declined")
        String failureReason) {

    /** The status of a payment from its request until payment-service's result is applied. */
    static final String PROCESSING = "PROCESSING";

    static final String FAILED = "FAILED";

    /** The state of a payment whose row says {@code status} and {@code reason}: the reason only while FAILED. */
    static PaymentState of(UUID paymentId, String status, String reason) {
        return new PaymentState(paymentId, status, FAILED.equals(status) ? reason : null);
    }
}
