package dev.onsale.booking.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class PaymentRequestTest {

    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");

    @Test
    void theFingerprintIsTheSha256OfTheOrderIdAndTheCanonicalBody() {
        assertThat(new PaymentRequest(ORDER, "tok_visa").canonicalBody()).isEqualTo("{\"paymentMethod\":\"tok_visa\"}");
        assertThat(new PaymentRequest(ORDER, "tok_visa").fingerprint())
                .isEqualTo(new PaymentRequest(ORDER, "tok_visa").fingerprint())
                .hasSize(64)
                .matches("[0-9a-f]{64}");
    }

    @Test
    void anotherOrderOrAnotherTokenIsAnotherFingerprint() {
        String fingerprint = new PaymentRequest(ORDER, "tok_visa").fingerprint();
        assertThat(new PaymentRequest(UUID.randomUUID(), "tok_visa").fingerprint())
                .isNotEqualTo(fingerprint);
        assertThat(new PaymentRequest(ORDER, "tok_declined").fingerprint()).isNotEqualTo(fingerprint);
    }

    @Test
    void onlyPaymentMethodTokensAreRequests() {
        for (String notAToken : new String[] {null, "tok_", "visa", "tok_a-b", "tok_" + "a".repeat(65), " tok_visa"}) {
            assertThatThrownBy(() -> new PaymentRequest(ORDER, notAToken)).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(new PaymentRequest(ORDER, "tok_" + "a".repeat(64)).paymentMethod())
                .hasSize(68);
    }
}
