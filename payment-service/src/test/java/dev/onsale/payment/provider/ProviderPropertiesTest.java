package dev.onsale.payment.provider;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProviderPropertiesTest {

    @Test
    void ourLatenessMustStayWithinWhatTheHeadroomLeavesForJitter() {
        assertThatCode(() -> new ProviderProperties.Limiter(0.95, Duration.ofSeconds(1), Duration.ofMillis(50), "k"))
                .doesNotThrowAnyException();
        assertThatThrownBy(
                        () -> new ProviderProperties.Limiter(0.95, Duration.ofSeconds(1), Duration.ofMillis(53), "k"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("max-lateness");
        assertThatThrownBy(() -> new ProviderProperties.Limiter(1.2, Duration.ofSeconds(1), Duration.ofMillis(1), "k"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("headroom");
    }
}
