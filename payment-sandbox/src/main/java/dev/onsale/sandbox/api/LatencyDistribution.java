package dev.onsale.sandbox.api;

import java.time.Duration;
import java.util.Random;

/**
 * A log-normal latency fitted to two percentiles: median = e^mu, p99 = e^(mu + z99 sigma). Draws are capped at
 * 4 x p99 so one unlucky tail draw cannot pass for a timeout. p50 = 0 means no latency at all.
 */
record LatencyDistribution(long p50Millis, long p99Millis) {

    /** z-score of the 99th percentile of the standard normal distribution. */
    private static final double Z_99 = 2.326347874;

    private static final double CAP_OVER_P99 = 4.0;

    Duration sample(Random random) {
        if (p50Millis == 0) return Duration.ZERO;
        double mu = Math.log(p50Millis);
        double sigma = (Math.log(p99Millis) - mu) / Z_99;
        double millis = Math.exp(mu + sigma * random.nextGaussian());
        return Duration.ofNanos((long) (Math.min(millis, p99Millis * CAP_OVER_P99) * 1_000_000));
    }
}
