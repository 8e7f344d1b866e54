package dev.onsale.payment.refund;

import dev.onsale.common.events.RefundRequested;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

/**
 * The table {@code payment.refunds}: one refund per payment, queued like payments and sent by the same
 * dispatcher once its payment has SUCCEEDED.
 */
@Repository
public class Refunds {

    private static final String SELECT = """
            SELECT r.payment_id, r.refund_id, r.order_id, r.amount_cents, r.status, p.charge_id, r.provider_refund_id,
                   r.attempts
            FROM payment.refunds r JOIN payment.payments p ON p.payment_id = r.payment_id
            """;
    private static final RowMapper<Refund> ROW = Refunds::map;

    private final JdbcTemplate jdbc;

    Refunds(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** What {@link #enqueue} did. */
    public enum Enqueued {
        QUEUED,
        ALREADY_THERE,
        UNKNOWN_PAYMENT
    }

    /** Queues the refund of a payment we know; a payment's second refund request changes nothing. */
    public Enqueued enqueue(RefundRequested request) {
        int inserted =
                jdbc.update("""
                INSERT INTO payment.refunds (payment_id, refund_id, order_id, amount_cents, reason, status, due_at)
                SELECT payment_id, ?, order_id, ?, coalesce(?, 'unspecified'), 'QUEUED', now() FROM payment.payments WHERE payment_id = ?
                ON CONFLICT DO NOTHING
                """, UUID.randomUUID(), request.amountCents(), request.reason(), request.paymentId());
        if (inserted == 1) {
            return Enqueued.QUEUED;
        }
        return find(request.paymentId()).isPresent() ? Enqueued.ALREADY_THERE : Enqueued.UNKNOWN_PAYMENT;
    }

    public Optional<Refund> find(UUID paymentId) {
        return jdbc.query(SELECT + " WHERE r.payment_id = ?", ROW, paymentId).stream()
                .findFirst();
    }

    /**
     * Claims up to {@code limit} due refunds whose payment has SUCCEEDED, skipping rows other replicas hold: each
     * is pushed {@code lease} ahead under the token {@code claim}.
     */
    public List<Refund> claimQueued(int limit, Duration lease, UUID claim) {
        List<UUID> claimed = jdbc.queryForList("""
                UPDATE payment.refunds r SET due_at = now() + ? * interval '1 millisecond', claim = ?
                FROM (SELECT q.payment_id FROM payment.refunds q JOIN payment.payments p ON p.payment_id = q.payment_id
                      WHERE q.status = 'QUEUED' AND q.due_at <= now() AND p.status = 'SUCCEEDED'
                      ORDER BY q.due_at LIMIT ? FOR UPDATE OF q SKIP LOCKED) due
                WHERE r.payment_id = due.payment_id
                RETURNING r.payment_id
                """, UUID.class, lease.toMillis(), claim, limit);
        return claimed.stream().map(this::find).flatMap(Optional::stream).toList();
    }

    /** Makes a claimed refund due again in {@code delay}, if {@code claim} still holds it. */
    public void retry(UUID paymentId, UUID claim, Duration delay, boolean failed) {
        jdbc.update("""
                UPDATE payment.refunds SET due_at = now() + ? * interval '1 millisecond', attempts = attempts + ?
                WHERE payment_id = ? AND claim = ? AND status = 'QUEUED'
                """, delay.toMillis(), failed ? 1 : 0, paymentId, claim);
    }

    /** Hands claimed but unsent refunds back: due at once for any replica. */
    public void release(Collection<UUID> paymentIds, UUID claim) {
        for (UUID id : paymentIds) {
            jdbc.update(
                    "UPDATE payment.refunds SET due_at = now() WHERE payment_id = ? AND claim = ?"
                            + " AND status = 'QUEUED'",
                    id,
                    claim);
        }
    }

    /** QUEUED -> FAILED: the provider refused the refund. */
    public boolean fail(UUID paymentId, String reason) {
        return jdbc.update("""
                UPDATE payment.refunds SET status = 'FAILED', failure_reason = ?, settled_at = now(), claim = NULL
                WHERE payment_id = ? AND status = 'QUEUED'
                """, reason, paymentId) == 1;
    }

    public Optional<Refund> lockByProviderRefund(String providerRefundId) {
        return lock("r.provider_refund_id = ?", providerRefundId);
    }

    public Optional<Refund> lockByCharge(String chargeId) {
        return lock("p.charge_id = ?", chargeId);
    }

    public Optional<Refund> lockByOrder(UUID orderId) {
        return lock("r.order_id = ?", orderId);
    }

    /** Moves a locked refund to SUCCEEDED as the provider's refund {@code providerRefundId}. */
    public void succeed(UUID paymentId, String providerRefundId) {
        jdbc.update("""
                UPDATE payment.refunds
                SET status = 'SUCCEEDED', provider_refund_id = ?, failure_reason = NULL, settled_at = now(), claim = NULL
                WHERE payment_id = ?
                """, providerRefundId, paymentId);
    }

    private Optional<Refund> lock(String condition, Object value) {
        return jdbc.query(SELECT + " WHERE " + condition + " FOR UPDATE OF r", ROW, value).stream()
                .findFirst();
    }

    private static Refund map(ResultSet rs, int row) throws SQLException {
        return new Refund(
                rs.getObject("payment_id", UUID.class),
                rs.getObject("refund_id", UUID.class),
                rs.getObject("order_id", UUID.class),
                rs.getLong("amount_cents"),
                RefundStatus.valueOf(rs.getString("status")),
                rs.getString("charge_id"),
                rs.getString("provider_refund_id"),
                rs.getInt("attempts"));
    }
}
