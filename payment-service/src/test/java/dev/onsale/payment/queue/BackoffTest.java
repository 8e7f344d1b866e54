package dev.onsale.payment.queue;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private final Backoff backoff = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(10));

    @Test
    void theCeilingDoublesWithEachFailureUpToTheCap() {
        assertThat(backoff.ceiling(1)).isEqualTo(Duration.ofMillis(200));
        assertThat(backoff.ceiling(2)).isEqualTo(Duration.ofMillis(400));
        assertThat(backoff.ceiling(6)).isEqualTo(Duration.ofMillis(6400));
        assertThat(backoff.ceiling(7)).isEqualTo(Duration.ofSeconds(10));
        assertThat(backoff.ceiling(1_000)).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void everyDelayIsDrawnFromZeroToTheCeilingAndTheyDiffer() {
        var delays = java.util.stream.IntStream.range(0, 1_000)
                .mapToObj(i -> backoff.after(3))
                .toList();

        assertThat(delays).allSatisfy(d -> assertThat(d).isBetween(Duration.ZERO, Duration.ofMillis(800)));
        assertThat(delays.stream().distinct().count()).isGreaterThan(900);
        assertThat(delays.stream()
                        .filter(d -> d.compareTo(Duration.ofMillis(400)) < 0)
                        .count())
                .isBetween(400L, 600L);
    }
}
