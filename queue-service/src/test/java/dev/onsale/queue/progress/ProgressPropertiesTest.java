package dev.onsale.queue.progress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressPropertiesTest {

    private final ProgressProperties properties = new ProgressProperties(Duration.ofSeconds(1), 500);

    @Test
    void aShortLineReadsAtThePollIntervalAndALongOneWithinTheBudgetInWholeSeconds() {
        assertThat(properties.pollAfterMs(0)).isEqualTo(1000);
        assertThat(properties.pollAfterMs(500)).isEqualTo(1000);
        assertThat(properties.pollAfterMs(501)).isEqualTo(2000);
        assertThat(properties.pollAfterMs(5000)).isEqualTo(10_000);
        assertThat(properties.pollAfterMs(30_000)).isEqualTo(60_000);
        assertThat(properties.pollAfterMs(1_000_000))
                .as("never longer than a minute")
                .isEqualTo(60_000);
        assertThat(new ProgressProperties(Duration.ofSeconds(3), 500).pollAfterMs(1000))
                .isEqualTo(3000);
    }

    @Test
    void aBudgetBelowOneReadPerSecondIsRefused() {
        assertThatThrownBy(() -> new ProgressProperties(Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reads-per-second");
    }
}
