package dev.onsale.payment.provider;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProviderAnswerTest {

    @Test
    void aRefusalsReasonIsTheProvidersCodeWhenItGivesOneAndTheStatusTypeAndParamOtherwise() {
        var unknown = new ProviderAnswer.Rejected<ChargeView>(
                400, "invalid_request_error", "paymentMethod", "unknown_payment_method");
        assertThat(unknown.reason()).isEqualTo("unknown_payment_method");
        assertThat(unknown.detail())
                .isEqualTo("provider-rejected: 400 invalid_request_error paymentMethod unknown_payment_method");

        var uncoded = new ProviderAnswer.Rejected<ChargeView>(400, "invalid_request_error", "amountCents", null);
        assertThat(uncoded.reason())
                .isEqualTo(uncoded.detail())
                .isEqualTo("provider-rejected: 400 invalid_request_error amountCents");
        assertThat(new ProviderAnswer.Rejected<ChargeView>(404, null, null, null).reason())
                .isEqualTo("provider-rejected: 404");
    }

    @Test
    void aCodeThatIsNotAShortSnakeCaseWordIsNotKeptForItMayEchoWhatWeSent() {
        for (String echo : new String[] {"No such payment method: 'tok_x'", "4111111111111111", "", "x".repeat(65)}) {
            var rejected = new ProviderAnswer.Rejected<ChargeView>(400, "invalid_request_error", "paymentMethod", echo);
            assertThat(rejected.code()).isNull();
            assertThat(rejected.reason()).isEqualTo("provider-rejected: 400 invalid_request_error paymentMethod");
        }
    }
}
