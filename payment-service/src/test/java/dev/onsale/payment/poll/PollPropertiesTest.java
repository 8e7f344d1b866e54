package dev.onsale.payment.poll;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PollPropertiesTest {

    @Test
    void pollsOfOnePaymentBackOffFromTheFirstDelayUpToTheCap() {
        PollProperties poll = new PollProperties(
                Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(1), 100, 16, Duration.ofSeconds(30));

        assertThat(poll.nextAfter(0)).isEqualTo(Duration.ofSeconds(10));
        assertThat(poll.nextAfter(1)).isEqualTo(Duration.ofSeconds(20));
        assertThat(poll.nextAfter(2)).isEqualTo(Duration.ofSeconds(40));
        assertThat(poll.nextAfter(3)).isEqualTo(Duration.ofSeconds(60));
        assertThat(poll.nextAfter(500)).isEqualTo(Duration.ofSeconds(60));
    }
}
