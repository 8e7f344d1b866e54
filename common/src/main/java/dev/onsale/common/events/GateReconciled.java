package dev.onsale.common.events;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * What the gate found for one event of a run: its counters as observed (in one atomic step, at {@code observedAt}),
 * how many orders were in flight between it and the database, and every drift with what was done about it.
 */
public record GateReconciled(
        UUID runId, UUID eventId, Instant observedAt, GateCounts gate, int inFlight, List<Drift> drifts)
        implements ReconciliationReply {

    /** The gate's counters. */
    public record GateCounts(long available, long liveHolds, long sold) {}

    /**
     * One difference: {@code kind} one of {@link DriftKind}, {@code orderId} and {@code seatId} null where they do not
     * apply, {@code action} what the gate did (see the reconciliation section of the README).
     */
    public record Drift(DriftKind kind, UUID orderId, String seatId, String detail, String action) {

        public Drift {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(action, "action");
        }
    }

    public GateReconciled {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(eventId, "eventId");
        drifts = List.copyOf(drifts);
    }
}
