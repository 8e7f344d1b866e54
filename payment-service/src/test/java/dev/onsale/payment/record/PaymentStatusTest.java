package dev.onsale.payment.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PaymentStatusTest {

    @Test
    void aSuccessSettlesEveryPaymentWithoutOneExceptAfterADecline() {
        assertThat(Arrays.stream(PaymentStatus.values()).filter(PaymentStatus::takesSuccess))
                .containsExactlyInAnyOrder(PaymentStatus.QUEUED, PaymentStatus.SUBMITTED, PaymentStatus.FAILED);
    }

    @Test
    void aFailureIsAnnouncedOnlyByLeavingAnOpenStatus() {
        assertThat(Arrays.stream(PaymentStatus.values()).filter(PaymentStatus::takesDeclineWithResult))
                .containsExactlyInAnyOrder(PaymentStatus.QUEUED, PaymentStatus.SUBMITTED);
        assertThat(Arrays.stream(PaymentStatus.values()).filter(PaymentStatus::takesFailure))
                .containsExactly(PaymentStatus.QUEUED);
        assertThat(Arrays.stream(PaymentStatus.values()).filter(PaymentStatus::takesDeclineSilently))
                .containsExactly(PaymentStatus.FAILED);
    }

    @Test
    void onlyQueuedAndSubmittedAreOpen() {
        assertThat(Arrays.stream(PaymentStatus.values()).filter(PaymentStatus::open))
                .containsExactlyInAnyOrder(PaymentStatus.QUEUED, PaymentStatus.SUBMITTED);
    }
}
