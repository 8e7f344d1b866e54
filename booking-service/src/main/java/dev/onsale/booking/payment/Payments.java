package dev.onsale.booking.payment;

import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Payments in {@code booking.payments}; every write joins the caller's transaction. */
@Repository
class Payments {

    private final JdbcTemplate jdbc;

    Payments(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A new PROCESSING payment; returns its {@code created_at} (the database's now()). */
    Instant insertProcessing(UUID paymentId, UUID orderId, UUID sessionId, String paymentMethod, long amountCents,
            String currency) {
        return jdbc.queryForObject("""
                INSERT INTO booking.payments (payment_id, order_id, session_id, payment_method, amount_cents, currency,
                                              status)
                VALUES (?, ?, ?, ?, ?, ?, 'PROCESSING')
                RETURNING created_at
                """, (rs, i) -> rs.getTimestamp("created_at").toInstant(), paymentId, orderId, sessionId,
                paymentMethod, amountCents, currency);
    }
}
