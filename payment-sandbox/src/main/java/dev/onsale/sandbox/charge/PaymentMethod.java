package dev.onsale.sandbox.charge;

import java.util.Arrays;
import java.util.Optional;

/** The test payment-method tokens and the outcome each one produces. */
enum PaymentMethod {
    VISA("tok_visa", null),
    DECLINED("tok_declined", "card_declined"),
    INSUFFICIENT_FUNDS("tok_insufficient_funds", "insufficient_funds");

    private final String token;
    private final String declineCode;

    PaymentMethod(String token, String declineCode) {
        this.token = token;
        this.declineCode = declineCode;
    }

    static Optional<PaymentMethod> of(String token) {
        return Arrays.stream(values()).filter(m -> m.token.equals(token)).findFirst();
    }

    boolean succeeds() {
        return declineCode == null;
    }

    /** Why a charge with this method is declined; null when it succeeds. */
    String declineCode() {
        return declineCode;
    }
}
