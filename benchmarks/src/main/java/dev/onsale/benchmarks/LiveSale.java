package dev.onsale.benchmarks;

import java.util.UUID;

/**
 * A measured sale while its buyers run, as {@link SaleBenchmark} hands it to whoever watches it: its event, the
 * buyers' answers and endings so far (both thread-safe, read while they are written).
 */
record LiveSale(UUID eventId, int buyers, CallFigures calls, Endings endings) {

    /** What the buyers have seen so far. */
    BuyerCounts counts() {
        return BuyerCounts.of(calls, endings.snapshot());
    }

    /** Whether some buyer has not ended yet. */
    boolean buyersRunning() {
        return endings.total() < buyers;
    }
}
