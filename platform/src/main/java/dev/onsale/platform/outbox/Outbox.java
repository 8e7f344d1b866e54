package dev.onsale.platform.outbox;

import dev.onsale.platform.messaging.EventJson;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Appends a message to the service's transactional outbox, in the caller's transaction: the message
 * leaves (through {@link OutboxRelay}) if and only if that transaction commits. Calling it outside a
 * transaction fails ({@code Propagation.MANDATORY} semantics) — that would be a dual write.
 * <p>
 * The table is created by the service's own migration and needs exactly these columns (the
 * Debezium EventRouter's standard names):
 * <pre>
 * CREATE TABLE &lt;schema&gt;.outbox (
 *     id            uuid        PRIMARY KEY,  -- header eventId, the consumers' dedupe key
 *     aggregatetype text        NOT NULL,     -- the topic
 *     aggregateid   text        NOT NULL,     -- the record key
 *     type          text        NOT NULL,     -- header eventType: the event record's simple name
 *     payload       jsonb       NOT NULL,     -- the record value: the event as EventJson
 *     occurred_at   timestamptz NOT NULL      -- header occurredAt
 * );
 * </pre>
 * The row is deleted again in the same transaction: the relay reads the insert from the WAL, so the
 * table stays empty and needs no purge (the relay ignores deletes).
 */
public class Outbox {

    private final JdbcTemplate jdbc;
    private final EventJson json;
    private final Clock clock;
    private final String insert;
    private final String delete;

    public Outbox(JdbcTemplate jdbc, EventJson json, OutboxProperties properties, Clock clock) {
        this.jdbc = jdbc;
        this.json = json;
        this.clock = clock;
        String table = properties.qualifiedTable();
        this.insert = "INSERT INTO " + table + " (id, aggregatetype, aggregateid, type, payload, occurred_at)"
                + " VALUES (?, ?, ?, ?, CAST(? AS jsonb), ?)";
        this.delete = "DELETE FROM " + table + " WHERE id = ?";
    }

    /**
     * Records {@code event} for {@code topic} under record key {@code key}.
     *
     * @return the message's id (its {@code eventId} header)
     * @throws IllegalTransactionStateException if no transaction is active
     */
    public UUID append(String topic, String key, Object event) {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(event, "event");
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalTransactionStateException(
                    "Outbox.append needs the caller's transaction (the state change and its message commit together)");
        }
        UUID id = UUID.randomUUID();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        jdbc.update(
                insert,
                id,
                topic,
                key,
                event.getClass().getSimpleName(),
                json.write(event),
                OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
        jdbc.update(delete, id);
        return id;
    }
}
