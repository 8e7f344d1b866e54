package dev.onsale.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Latencies and outcomes of one phase of a load run; thread-safe while recording. */
final class Latencies {

    private final String name;
    private final long[] nanos;
    private final AtomicInteger recorded = new AtomicInteger();
    private final Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
    private long wallNanos;

    Latencies(String name, int capacity) {
        this.name = name;
        this.nanos = new long[capacity];
    }

    void record(long elapsedNanos, String outcome) {
        nanos[recorded.getAndIncrement()] = elapsedNanos;
        outcomes.computeIfAbsent(outcome, o -> new AtomicLong()).incrementAndGet();
    }

    /**
     * The phases {@code rounds} as one, under {@code name}: every latency and outcome of each, over the sum of their
     * walls (the time between them, spent setting each one up, is in no rate).
     */
    static Latencies combined(String name, List<Latencies> rounds) {
        Latencies all = new Latencies(
                name, rounds.stream().mapToInt(round -> round.recorded.get()).sum());
        for (Latencies round : rounds) {
            for (int i = 0; i < round.recorded.get(); i++) {
                all.nanos[all.recorded.getAndIncrement()] = round.nanos[i];
            }
            round.outcomes.forEach((outcome, n) ->
                    all.outcomes.computeIfAbsent(outcome, o -> new AtomicLong()).addAndGet(n.get()));
            all.wallNanos += round.wallNanos;
        }
        return all;
    }

    void wall(long elapsedNanos) {
        wallNanos = elapsedNanos;
    }

    double perSecond() {
        return recorded.get() / (wallNanos / 1e9);
    }

    long count(String outcome) {
        AtomicLong n = outcomes.get(outcome);
        return n == null ? 0 : n.get();
    }

    /** The {@code p} quantile (0..1) of the recorded latencies, in milliseconds; 0 with none. */
    double percentileMillis(double p) {
        long[] sorted = Arrays.copyOf(nanos, recorded.get());
        Arrays.sort(sorted);
        return percentile(sorted, p);
    }

    String report() {
        long[] sorted = Arrays.copyOf(nanos, recorded.get());
        Arrays.sort(sorted);
        return String.format(
                "%-34s %7d req in %6.2f s = %8.0f req/s   p50 %7.1f ms   p99 %7.1f ms   max %7.1f ms   %s",
                name,
                sorted.length,
                wallNanos / 1e9,
                perSecond(),
                percentile(sorted, 0.50),
                percentile(sorted, 0.99),
                sorted.length == 0 ? 0 : sorted[sorted.length - 1] / 1e6,
                new TreeMap<>(outcomes));
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }
}
