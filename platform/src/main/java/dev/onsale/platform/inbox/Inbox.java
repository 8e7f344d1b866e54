package dev.onsale.platform.inbox;

import java.util.Objects;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Deduplicates deliveries: relays and brokers deliver at least once, so a consumer records each
 * message id in the same transaction as the side effect it causes, and skips the message when the
 * id is already there. Calling it outside a transaction fails ({@code Propagation.MANDATORY}
 * semantics): a record committed apart from its side effect would drop or repeat it.
 * <p>
 * The table is created by the service's own migration:
 * <pre>
 * CREATE TABLE &lt;schema&gt;.processed_messages (
 *     consumer     text        NOT NULL,
 *     message_id   uuid        NOT NULL,   -- the envelope's eventId
 *     processed_at timestamptz NOT NULL,
 *     PRIMARY KEY (consumer, message_id)
 * );
 * </pre>
 * Concurrency: of two transactions delivering one id at once, the second waits for the first and
 * gets {@code false} if the first committed, {@code true} if it rolled back.
 */
public class Inbox {

    private final JdbcTemplate jdbc;
    private final String insert;

    public Inbox(JdbcTemplate jdbc, InboxProperties properties) {
        this.jdbc = jdbc;
        this.insert = "INSERT INTO " + properties.qualifiedTable() + " (consumer, message_id, processed_at)"
                + " VALUES (?, ?, now()) ON CONFLICT DO NOTHING";
    }

    /**
     * Records that {@code consumer} is processing {@code messageId}.
     *
     * @return true on the first delivery, false for a duplicate (the caller skips the message)
     * @throws IllegalTransactionStateException if no transaction is active
     */
    public boolean firstDelivery(String consumer, UUID messageId) {
        Objects.requireNonNull(consumer, "consumer");
        Objects.requireNonNull(messageId, "messageId");
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalTransactionStateException(
                    "Inbox.firstDelivery needs the caller's transaction (the dedupe record and the side effect commit together)");
        }
        return jdbc.update(insert, consumer, messageId) == 1;
    }
}
