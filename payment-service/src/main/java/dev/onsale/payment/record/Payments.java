package dev.onsale.payment.record;

import dev.onsale.common.events.PaymentRequested;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

/**
 * The table {@code payment.payments}, the queue every replica shares. Times are the database's ({@code now()}),
 * so replicas agree on what is due. Writers that may race a settlement change a row only from the status they
 * expect (conditional updates), so a result that arrived first is never overwritten.
 */
@Repository
public class Payments {

    private static final String COLUMNS = "payment_id, order_id, amount_cents, currency, payment_method, status,"
            + " charge_id, requested_at, deadline, attempts, polls, first_submitted_at";
    private static final RowMapper<Payment> ROW = Payments::map;

    private final JdbcTemplate jdbc;

    Payments(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Queues the requested payment, due at once, with its deadline {@code bound} after it was requested.
     *
     * @return false if the payment, or another payment of its order, is there already (nothing changed)
     */
    public boolean enqueue(PaymentRequested request, Duration bound) {
        Instant requestedAt = request.requestedAt() == null ? Instant.now() : request.requestedAt();
        return jdbc.update(
                        """
                INSERT INTO payment.payments (payment_id, order_id, event_id, amount_cents, currency, payment_method,
                                              status, requested_at, deadline, due_at)
                VALUES (?, ?, ?, ?, ?, ?, 'QUEUED', ?, ?, now())
                ON CONFLICT DO NOTHING
                """,
                        request.paymentId(),
                        request.orderId(),
                        request.eventId(),
                        request.amountCents(),
                        request.currency(),
                        request.paymentMethod(),
                        utc(requestedAt),
                        utc(requestedAt.plus(bound)))
                == 1;
    }

    public Optional<Payment> find(UUID paymentId) {
        return jdbc.query("SELECT " + COLUMNS + " FROM payment.payments WHERE payment_id = ?", ROW, paymentId).stream()
                .findFirst();
    }

    public Optional<Payment> findByOrder(UUID orderId) {
        return jdbc.query("SELECT " + COLUMNS + " FROM payment.payments WHERE order_id = ?", ROW, orderId).stream()
                .findFirst();
    }

    /**
     * Claims up to {@code limit} queued payments that are due and within their bound, oldest first, skipping rows
     * other replicas hold: each is pushed {@code lease} ahead under the token {@code claim}.
     */
    public List<Payment> claimQueued(int limit, Duration lease, UUID claim) {
        return jdbc.query("""
                UPDATE payment.payments p SET due_at = now() + ? * interval '1 millisecond', claim = ?
                FROM (SELECT payment_id FROM payment.payments
                      WHERE status = 'QUEUED' AND due_at <= now() AND deadline > now()
                      ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED) due
                WHERE p.payment_id = due.payment_id
                RETURNING """ + " " + prefixed("p"), ROW, lease.toMillis(), claim, limit);
    }

    /**
     * QUEUED -> SUBMITTED with the provider's charge, first poll {@code pollAfter} from now.
     *
     * @return false if the payment is no longer QUEUED (a result arrived first, or we gave up): nothing changed
     */
    public boolean markSubmitted(UUID paymentId, String chargeId, Duration pollAfter) {
        return jdbc.update("""
                UPDATE payment.payments
                SET status = 'SUBMITTED', charge_id = ?, first_submitted_at = coalesce(first_submitted_at, now()),
                    due_at = now() + ? * interval '1 millisecond', claim = NULL
                WHERE payment_id = ? AND status = 'QUEUED'
                """, chargeId, pollAfter.toMillis(), paymentId) == 1;
    }

    /**
     * Makes a claimed payment due again in {@code delay} (never later than its deadline), if {@code claim} still
     * holds it; counts a retryable failure if {@code failed}.
     */
    public void retry(UUID paymentId, UUID claim, Duration delay, boolean failed) {
        jdbc.update("""
                UPDATE payment.payments
                SET due_at = least(now() + ? * interval '1 millisecond', deadline), attempts = attempts + ?
                WHERE payment_id = ? AND claim = ? AND status = 'QUEUED'
                """, delay.toMillis(), failed ? 1 : 0, paymentId, claim);
    }

    /** Hands claimed but unsent payments back: due at once for any replica. */
    public void release(Collection<UUID> paymentIds, UUID claim) {
        for (UUID id : paymentIds) {
            jdbc.update(
                    "UPDATE payment.payments SET due_at = now() WHERE payment_id = ? AND claim = ?"
                            + " AND status = 'QUEUED'",
                    id,
                    claim);
        }
    }

    /** Locks the payment for a state change in the caller's transaction. */
    public Optional<Payment> lock(UUID paymentId) {
        return jdbc
                .query("SELECT " + COLUMNS + " FROM payment.payments WHERE payment_id = ? FOR UPDATE", ROW, paymentId)
                .stream()
                .findFirst();
    }

    public Optional<Payment> lockByCharge(String chargeId) {
        return jdbc
                .query("SELECT " + COLUMNS + " FROM payment.payments WHERE charge_id = ? FOR UPDATE", ROW, chargeId)
                .stream()
                .findFirst();
    }

    public Optional<Payment> lockByOrder(UUID orderId) {
        return jdbc
                .query("SELECT " + COLUMNS + " FROM payment.payments WHERE order_id = ? FOR UPDATE", ROW, orderId)
                .stream()
                .findFirst();
    }

    /** Remembers the provider's charge of a payment that had none; a known one is never replaced. */
    public void recordCharge(UUID paymentId, String chargeId) {
        jdbc.update(
                "UPDATE payment.payments SET charge_id = ? WHERE payment_id = ? AND charge_id IS NULL",
                chargeId,
                paymentId);
    }

    /** Moves a locked payment to the final status {@code to}; the caller checked the move is legal. */
    public void settle(UUID paymentId, PaymentStatus to, String chargeId, String reason) {
        if (to.open()) {
            throw new IllegalArgumentException(to + " is not a final status");
        }
        jdbc.update("""
                UPDATE payment.payments
                SET status = ?, charge_id = coalesce(charge_id, ?), failure_reason = ?, settled_at = now(),
                    claim = NULL
                WHERE payment_id = ?
                """, to.name(), chargeId, reason, paymentId);
    }

    /**
     * Claims up to {@code limit} payments whose charge the provider has not resolved for us and that are due for a
     * status poll, pushing each {@code lease} ahead.
     */
    public List<Payment> claimUnresolved(int limit, Duration lease) {
        return jdbc.query("""
                UPDATE payment.payments p SET due_at = now() + ? * interval '1 millisecond'
                FROM (SELECT payment_id FROM payment.payments
                      WHERE (status = 'SUBMITTED' OR (status = 'FAILED' AND charge_id IS NOT NULL)) AND due_at <= now()
                      ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED) due
                WHERE p.payment_id = due.payment_id
                RETURNING """ + " " + prefixed("p"), ROW, lease.toMillis(), limit);
    }

    /** Schedules the next status poll of an unresolved payment {@code delay} from now; counts it if {@code polled}. */
    public void pollAgain(UUID paymentId, Duration delay, boolean polled) {
        jdbc.update("""
                UPDATE payment.payments SET due_at = now() + ? * interval '1 millisecond', polls = polls + ?
                WHERE payment_id = ? AND status IN ('SUBMITTED', 'FAILED')
                """, delay.toMillis(), polled ? 1 : 0, paymentId);
    }

    /** Locks up to {@code limit} queued payments past their bound that no claim holds, in the caller's transaction. */
    public List<UUID> lockOverdue(int limit) {
        return jdbc.queryForList("""
                SELECT payment_id FROM payment.payments
                WHERE status = 'QUEUED' AND deadline <= now() AND due_at <= now()
                ORDER BY deadline LIMIT ? FOR UPDATE SKIP LOCKED
                """, UUID.class, limit);
    }

    /** How many payments are QUEUED and SUBMITTED right now. */
    public Map<PaymentStatus, Long> countOpen() {
        return openCounts("""
                SELECT 'QUEUED' AS status, count(*) FROM payment.payments WHERE status = 'QUEUED'
                UNION ALL
                SELECT 'SUBMITTED', count(*) FROM payment.payments WHERE status = 'SUBMITTED'
                """);
    }

    /** {@link #countOpen()} for the payments of one event. */
    public Map<PaymentStatus, Long> countOpen(UUID eventId) {
        return openCounts("""
                SELECT status, count(*) FROM payment.payments
                WHERE event_id = ? AND status IN ('QUEUED', 'SUBMITTED')
                GROUP BY status
                """, eventId);
    }

    private Map<PaymentStatus, Long> openCounts(String sql, Object... args) {
        Map<PaymentStatus, Long> counts = new EnumMap<>(PaymentStatus.class);
        counts.put(PaymentStatus.QUEUED, 0L);
        counts.put(PaymentStatus.SUBMITTED, 0L);
        jdbc.query(
                sql,
                rs -> {
                    counts.put(PaymentStatus.valueOf(rs.getString(1)), rs.getLong(2));
                },
                args);
        return counts;
    }

    private static String prefixed(String alias) {
        return String.join(
                ", ",
                List.of(COLUMNS.split(",\\s*")).stream()
                        .map(c -> alias + "." + c)
                        .toList());
    }

    private static Payment map(ResultSet rs, int row) throws SQLException {
        return new Payment(
                rs.getObject("payment_id", UUID.class),
                rs.getObject("order_id", UUID.class),
                rs.getLong("amount_cents"),
                rs.getString("currency"),
                rs.getString("payment_method"),
                PaymentStatus.valueOf(rs.getString("status")),
                rs.getString("charge_id"),
                instant(rs.getTimestamp("requested_at")),
                instant(rs.getTimestamp("deadline")),
                rs.getInt("attempts"),
                rs.getInt("polls"),
                instant(rs.getTimestamp("first_submitted_at")));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    private static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
}
