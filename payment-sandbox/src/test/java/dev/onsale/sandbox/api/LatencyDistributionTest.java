package dev.onsale.sandbox.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LatencyDistributionTest {

    @Test
    void drawsHaveTheConfiguredMedianAndNinetyNinthPercentile() {
        var distribution = new LatencyDistribution(100, 800);
        var random = new Random(7);
        double[] millis = new double[50_000];
        for (int i = 0; i < millis.length; i++)
            millis[i] = distribution.sample(random).toNanos() / 1e6;
        Arrays.sort(millis);
        assertThat(millis[millis.length / 2]).isCloseTo(100.0, within(5.0));
        assertThat(millis[(int) (millis.length * 0.99)]).isCloseTo(800.0, within(80.0));
        assertThat(millis[millis.length - 1]).isLessThanOrEqualTo(3200.0);
    }

    @Test
    void theSameSeedGivesTheSameLatencies() {
        var distribution = new LatencyDistribution(100, 800);
        var a = new Random(42);
        var b = new Random(42);
        for (int i = 0; i < 100; i++) assertThat(distribution.sample(a)).isEqualTo(distribution.sample(b));
    }

    @Test
    void aZeroMedianMeansNoLatency() {
        assertThat(new LatencyDistribution(0, 0).sample(new Random()).isZero()).isTrue();
    }
}
