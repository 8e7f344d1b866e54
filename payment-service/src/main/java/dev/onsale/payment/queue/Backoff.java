package dev.onsale.payment.queue;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Exponential backoff with full jitter: after the n-th failure, a delay drawn uniformly from
 * {@code [0, min(max, initial * 2^(n-1))]}, so retries of many payments failing together spread out.
 */
record Backoff(Duration initial, Duration max) {

    Duration after(int failures) {
        return Duration.ofNanos(
                ThreadLocalRandom.current().nextLong(ceiling(failures).toNanos() + 1));
    }

    /** The upper bound of the delay after {@code failures} failures. */
    Duration ceiling(int failures) {
        int doublings = Math.min(Math.max(failures, 1) - 1, 30);
        long nanos = initial.toNanos() << doublings;
        return nanos <= 0 || nanos > max.toNanos() ? max : Duration.ofNanos(nanos);
    }
}
