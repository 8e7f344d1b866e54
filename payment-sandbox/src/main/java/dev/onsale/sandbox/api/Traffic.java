package dev.onsale.sandbox.api;

import java.time.Clock;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/** Money-moving requests counted per fixed wall-clock second (epoch second), accepted and rate-limited apart. */
@Component
public class Traffic {

    private final Clock clock = Clock.systemUTC();
    private final ConcurrentHashMap<Long, LongAdder> accepted = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, LongAdder> rejected = new ConcurrentHashMap<>();

    void accepted() {
        accepted.computeIfAbsent(clock.instant().getEpochSecond(), s -> new LongAdder())
                .increment();
    }

    void rejected() {
        rejected.computeIfAbsent(clock.instant().getEpochSecond(), s -> new LongAdder())
                .increment();
    }

    public Map<Long, Long> acceptedPerSecond() {
        return snapshot(accepted);
    }

    public Map<Long, Long> rejectedPerSecond() {
        return snapshot(rejected);
    }

    public void reset() {
        accepted.clear();
        rejected.clear();
    }

    private static Map<Long, Long> snapshot(Map<Long, LongAdder> counts) {
        var copy = new TreeMap<Long, Long>();
        counts.forEach((second, count) -> copy.put(second, count.sum()));
        return copy;
    }
}
