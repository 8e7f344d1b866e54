package dev.onsale.booking.reconciliation;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One event's books as the database of record has them: its seats, tickets, every captured charge and every
 * refund, and whether I1–I3 hold, each with the evidence it was judged on. Payments are as payment-service
 * reported them to booking.
 */
public record EventLedger(
        UUID eventId,
        Instant asOf,
        Seats seats,
        int tickets,
        List<Charge> charges,
        List<Refund> refunds,
        Map<String, Invariant> invariants) {

    public record Seats(int total, int free, int held, int sold) {}

    /** A payment the provider captured: settled as a success, or refunded (or being refunded) since. */
    public record Charge(
            UUID paymentId,
            UUID orderId,
            long amountCents,
            String currency,
            String paymentStatus,
            String orderStatus,
            Instant settledAt) {}

    public record Refund(
            UUID paymentId,
            UUID orderId,
            UUID refundId,
            long amountCents,
            String currency,
            Instant requestedAt,
            Instant refundedAt) {}

    public record Invariant(boolean holds, String detail) {}
}
