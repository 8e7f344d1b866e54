package dev.onsale.benchmarks;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** How the buyers of one sale ended ("paid", "sold out while waiting", ...), counted as each ends; thread-safe. */
final class Endings {

    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

    void add(String how) {
        counts.computeIfAbsent(how, h -> new AtomicInteger()).incrementAndGet();
    }

    /** Every ending so far and how many buyers it had, by name; may be read while buyers still end. */
    Map<String, Integer> snapshot() {
        Map<String, Integer> how = new TreeMap<>();
        counts.forEach((ending, n) -> how.put(ending, n.get()));
        return how;
    }

    /** How many buyers have ended so far. */
    int total() {
        return counts.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
