package dev.onsale.booking.reconciliation;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One reconciliation run as auditors read it. {@link Content} is what is hashed: its canonical JSON is stored as
 * the very text that was hashed, and names the previous report's hash.
 */
public record ReconciliationReport(
        UUID reportId,
        long seq,
        Instant startedAt,
        Instant finishedAt,
        Trigger trigger,
        List<EventResult> events,
        int drifts,
        String previousHash,
        String hash) {

    /** Who started a run. */
    public enum Trigger {
        SCHEDULE,
        OPERATOR
    }

    /** One event of a run; {@code gate} is null when the gate did not answer ({@code gateAnswered} false). */
    public record EventResult(
            UUID eventId,
            GateCounts gate,
            DatabaseCounts database,
            int inFlight,
            boolean gateAnswered,
            List<Drift> drifts) {

        public EventResult {
            drifts = List.copyOf(drifts);
        }
    }

    public record GateCounts(long available, long liveHolds, long sold) {}

    public record DatabaseCounts(int free, int held, int sold) {}

    /** {@code orderId} and {@code seatId} are null where they do not apply. */
    public record Drift(String kind, UUID orderId, String seatId, String detail, String action) {}

    /** Everything but the hash, in the order it is written; {@code seq} is the report's place in the chain, from 1. */
    public record Content(
            UUID reportId,
            long seq,
            Instant startedAt,
            Instant finishedAt,
            Trigger trigger,
            List<EventResult> events,
            int drifts,
            String previousHash) {

        public Content {
            events = List.copyOf(events);
        }

        ReconciliationReport withHash(String hash) {
            return new ReconciliationReport(
                    reportId, seq, startedAt, finishedAt, trigger, events, drifts, previousHash, hash);
        }
    }

    public ReconciliationReport {
        events = List.copyOf(events);
    }
}
