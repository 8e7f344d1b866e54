package dev.onsale.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How long a status ask the pace refused is held before its 429 (RateLimitIT sees the default pace's wait). */
class StatusPaceWaitTest {

    @Test
    void aRefusalIsHeldUntilItsRetryAfterEnds() {
        assertThat(RateLimitFilter.heldFor(Duration.ofMillis(400))).isEqualTo(Duration.ofMillis(400));
    }

    @Test
    void aSlowerPaceIsNeverHeldMoreThanASecondSoNoAnswerNearsTheDeadline() {
        assertThat(RateLimitFilter.heldFor(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(1));
    }
}
