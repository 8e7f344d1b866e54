package dev.onsale.booking.payment;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The first answers given per (session, Idempotency-Key); every write joins the caller's transaction. */
@Repository
class IdempotencyRecords {

    private final JdbcTemplate jdbc;

    IdempotencyRecords(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Writes the record unless one exists for its (session, key). A record another transaction has written but
     * not yet committed makes this wait for that transaction: its commit means false (read it with {@link #find}
     * — under READ COMMITTED the next statement sees it), its rollback means this insert goes ahead (true).
     */
    boolean claim(IdempotencyRecord record) {
        return jdbc.update(
                        """
                INSERT INTO booking.payment_idempotency
                    (session_id, idempotency_key, fingerprint, payment_id, response_status, response_body)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (session_id, idempotency_key) DO NOTHING
                """,
                        record.sessionId(),
                        record.key(),
                        record.fingerprint(),
                        record.paymentId(),
                        record.answer().status(),
                        record.answer().body())
                == 1;
    }

    Optional<IdempotencyRecord> find(UUID sessionId, String key) {
        return jdbc
                .query(
                        """
                SELECT fingerprint, payment_id, response_status, response_body FROM booking.payment_idempotency
                WHERE session_id = ? AND idempotency_key = ?
                """,
                        (rs, i) -> new IdempotencyRecord(
                                sessionId,
                                key,
                                rs.getString("fingerprint"),
                                rs.getObject("payment_id", UUID.class),
                                new PaymentAnswer(rs.getInt("response_status"), rs.getString("response_body"))),
                        sessionId,
                        key)
                .stream()
                .findFirst();
    }

    /** Deletes up to {@code limit} records older than {@code ttl} (database clock), skipping rows others lock. */
    int deleteOlderThan(Duration ttl, int limit) {
        return jdbc.update("""
                DELETE FROM booking.payment_idempotency WHERE (session_id, idempotency_key) IN (
                    SELECT session_id, idempotency_key FROM booking.payment_idempotency
                    WHERE created_at < now() - make_interval(secs => ?)
                    ORDER BY created_at LIMIT ? FOR UPDATE SKIP LOCKED)
                """, ttl.toMillis() / 1000.0, limit);
    }

    /** A key's record: {@code answer} is the first answer given, whose status every repeat gets again. */
    record IdempotencyRecord(UUID sessionId, String key, String fingerprint, UUID paymentId, PaymentAnswer answer) {}
}
