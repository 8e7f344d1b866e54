package dev.onsale.benchmarks;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * The sandbox's money-moving requests (charges and refunds) per fixed epoch second, as it counted them
 * ({@code GET /v1/sandbox/traffic}): those let through its TPS bucket and those answered 429.
 */
record SandboxTraffic(SortedMap<Long, Long> acceptedPerSecond, SortedMap<Long, Long> rejectedPerSecond) {

    SandboxTraffic {
        acceptedPerSecond = Collections.unmodifiableSortedMap(new TreeMap<>(acceptedPerSecond));
        rejectedPerSecond = Collections.unmodifiableSortedMap(new TreeMap<>(rejectedPerSecond));
    }

    /** From {@code {"acceptedPerSecond": {"<epoch second>": n, ..}, "rejectedPerSecond": {..}}}; a missing map is empty. */
    static SandboxTraffic of(JsonNode traffic) {
        return new SandboxTraffic(
                perSecond(traffic.path("acceptedPerSecond")), perSecond(traffic.path("rejectedPerSecond")));
    }

    long accepted() {
        return acceptedPerSecond.values().stream().mapToLong(Long::longValue).sum();
    }

    /** How many requests were answered 429. */
    long rejected() {
        return rejectedPerSecond.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The most requests let through in one fixed second; 0 with none. */
    long maxAcceptedPerSecond() {
        return acceptedPerSecond.values().stream()
                .mapToLong(Long::longValue)
                .max()
                .orElse(0);
    }

    /** How many fixed seconds let more than {@code limit} requests through. */
    long secondsAbove(long limit) {
        return acceptedPerSecond.values().stream().filter(n -> n > limit).count();
    }

    /** Seconds from the first to the last second with any request, both counted; 0 with none. */
    long seconds() {
        TreeMap<Long, Long> all = new TreeMap<>(acceptedPerSecond);
        all.putAll(rejectedPerSecond);
        return all.isEmpty() ? 0 : all.lastKey() - all.firstKey() + 1;
    }

    String report(long tps) {
        return String.format(
                "%d requests let through over %d s, at most %d in one second (limit %d; seconds above it: %d); answered 429: %d",
                accepted(), seconds(), maxAcceptedPerSecond(), tps, secondsAbove(tps), rejected());
    }

    private static SortedMap<Long, Long> perSecond(JsonNode counts) {
        SortedMap<Long, Long> perSecond = new TreeMap<>();
        counts.properties()
                .forEach(entry -> perSecond.put(
                        Long.parseLong(entry.getKey()), entry.getValue().asLong()));
        return perSecond;
    }
}
