package dev.onsale.payment.webhook;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Provider events already applied, in {@code payment.webhook_events}; every write joins the caller's transaction. */
@Repository
class WebhookEvents {

    private final JdbcTemplate jdbc;

    WebhookEvents(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Records the event unless it is there already. An uncommitted row of another delivery of the same event makes
     * this wait for that transaction: its commit means false, its rollback means this insert goes ahead (true).
     */
    boolean firstReceipt(String eventId, String type) {
        return jdbc.update("""
                INSERT INTO payment.webhook_events (event_id, type) VALUES (?, ?)
                ON CONFLICT (event_id) DO NOTHING
                """, eventId, type) == 1;
    }
}
