package dev.onsale.sandbox.charge;

import dev.onsale.sandbox.api.ApiException;
import java.util.UUID;

/** Body of {@code POST /v1/charges}; equality is what "same body" means for an idempotency key. */
public record ChargeRequest(UUID orderId, Long amountCents, String currency, String paymentMethod) {

    /** Error code of a token this acquirer never issued. */
    static final String UNKNOWN_PAYMENT_METHOD = "unknown_payment_method";

    /** The known payment method, or 400 naming the first bad field (and, for an unknown token, saying so). */
    PaymentMethod validate() {
        if (orderId == null)
            throw ApiException.invalidRequest("Missing required param: orderId").withParam("orderId");
        if (amountCents == null || amountCents < 1) {
            throw ApiException.invalidRequest("amountCents must be a positive integer")
                    .withParam("amountCents");
        }
        if (currency == null || !currency.matches("[A-Z]{3}")) {
            throw ApiException.invalidRequest("currency must be a three-letter ISO code such as EUR")
                    .withParam("currency");
        }
        if (paymentMethod == null) {
            throw ApiException.invalidRequest("Missing required param: paymentMethod")
                    .withParam("paymentMethod");
        }
        return PaymentMethod.of(paymentMethod)
                .orElseThrow(() -> ApiException.invalidRequest("No such payment method: '" + paymentMethod + "'")
                        .withParam("paymentMethod")
                        .withCode(UNKNOWN_PAYMENT_METHOD));
    }
}
