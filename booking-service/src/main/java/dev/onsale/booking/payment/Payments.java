package dev.onsale.booking.payment;

import dev.onsale.booking.order.OrderPayments;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * Payments in {@code booking.payments}; every write joins the caller's transaction. A status change is one
 * conditional update from the states the move starts from, so a repeated or reordered result changes nothing;
 * the table's trigger refuses any other move.
 */
@Repository
class Payments implements OrderPayments {

    /** Longest failure reason kept (the column's check). */
    static final int MAX_REASON = 200;

    private final JdbcTemplate jdbc;

    Payments(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A new PROCESSING payment; returns its {@code created_at} (the database's now()). */
    Instant insertProcessing(
            UUID paymentId, UUID orderId, UUID sessionId, String paymentMethod, long amountCents, String currency) {
        return jdbc.queryForObject(
                """
                INSERT INTO booking.payments (payment_id, order_id, session_id, payment_method, amount_cents, currency,
                                              status)
                VALUES (?, ?, ?, ?, ?, ?, 'PROCESSING')
                RETURNING created_at
                """,
                (rs, i) -> rs.getTimestamp("created_at").toInstant(),
                paymentId,
                orderId,
                sessionId,
                paymentMethod,
                amountCents,
                currency);
    }

    /** The payment as its buyer sees it now; empty if there is no such payment. */
    Optional<PaymentState> state(UUID paymentId) {
        return jdbc
                .query(
                        "SELECT status, failure_reason FROM booking.payments WHERE payment_id = ?",
                        (rs, i) -> PaymentState.of(paymentId, rs.getString("status"), rs.getString("failure_reason")),
                        paymentId)
                .stream()
                .findFirst();
    }

    @Override
    public Optional<String> failureReason(UUID orderId) {
        return jdbc.queryForList("""
                SELECT failure_reason FROM booking.payments
                WHERE order_id = ? AND failure_reason IS NOT NULL
                ORDER BY created_at DESC LIMIT 1
                """, String.class, orderId).stream().findFirst();
    }

    @Override
    public Change succeeded(UUID orderId, UUID paymentId) {
        return change(jdbc.update("""
                UPDATE booking.payments SET status = 'SUCCEEDED', settled_at = now()
                WHERE payment_id = ? AND order_id = ? AND status = 'PROCESSING'
                """, paymentId, orderId), orderId, paymentId);
    }

    @Override
    public Change failed(UUID orderId, UUID paymentId, String reason) {
        return change(jdbc.update("""
                UPDATE booking.payments SET status = 'FAILED', settled_at = now(), failure_reason = ?
                WHERE payment_id = ? AND order_id = ? AND status = 'PROCESSING'
                """, kept(reason), paymentId, orderId), orderId, paymentId);
    }

    @Override
    public Change refundRequested(UUID orderId, UUID paymentId) {
        return change(jdbc.update("""
                UPDATE booking.payments SET status = 'REFUND_PENDING', settled_at = coalesce(settled_at, now()),
                                            refund_requested_at = now()
                WHERE payment_id = ? AND order_id = ? AND status IN ('PROCESSING', 'FAILED')
                """, paymentId, orderId), orderId, paymentId);
    }

    @Override
    public Change refunded(UUID orderId, UUID paymentId, UUID refundId) {
        return change(jdbc.update("""
                UPDATE booking.payments SET status = 'REFUNDED', refund_id = ?, refunded_at = now()
                WHERE payment_id = ? AND order_id = ? AND status = 'REFUND_PENDING'
                """, refundId, paymentId, orderId), orderId, paymentId);
    }

    private Change change(int updated, UUID orderId, UUID paymentId) {
        if (updated == 1) {
            return Change.CHANGED;
        }
        boolean exists = Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT EXISTS (SELECT 1 FROM booking.payments WHERE payment_id = ? AND order_id = ?)",
                Boolean.class,
                paymentId,
                orderId));
        return exists ? Change.UNCHANGED : Change.UNKNOWN;
    }

    /** The reason as the column keeps it: never empty, at most {@link #MAX_REASON} characters. */
    private static String kept(String reason) {
        if (reason == null || reason.isBlank()) {
            return "unspecified";
        }
        String stripped = reason.strip();
        return stripped.length() <= MAX_REASON ? stripped : stripped.substring(0, MAX_REASON);
    }
}
