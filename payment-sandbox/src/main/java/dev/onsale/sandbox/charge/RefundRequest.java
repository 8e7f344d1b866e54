package dev.onsale.sandbox.charge;

import dev.onsale.sandbox.api.ApiException;

/** Body of {@code POST /v1/refunds}; {@code amountCents} absent = what is left to refund on the charge. */
public record RefundRequest(String charge, Long amountCents) {

    void validate() {
        if (charge == null || charge.isBlank())
            throw ApiException.invalidRequest("Missing required param: charge").withParam("charge");
        if (amountCents != null && amountCents < 1) {
            throw ApiException.invalidRequest("amountCents must be a positive integer")
                    .withParam("amountCents");
        }
    }
}
