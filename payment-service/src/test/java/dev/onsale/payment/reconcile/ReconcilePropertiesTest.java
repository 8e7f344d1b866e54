package dev.onsale.payment.reconcile;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReconcilePropertiesTest {

    @Test
    void aLookbackNoLongerThanTheMinimumAgeOrANonPositiveIntervalIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new ReconcileProperties(
                        true, Duration.ofSeconds(60), Duration.ofMinutes(1), Duration.ofMinutes(1), "k"));
        assertThatIllegalArgumentException()
                .isThrownBy(() ->
                        new ReconcileProperties(true, Duration.ZERO, Duration.ofHours(24), Duration.ofMinutes(1), "k"));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new ReconcileProperties(
                        true, Duration.ofSeconds(60), Duration.ofHours(24), Duration.ofMinutes(1), " "));
    }
}
