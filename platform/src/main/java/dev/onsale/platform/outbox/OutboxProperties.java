package dev.onsale.platform.outbox;

import java.time.Duration;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The transactional outbox of one service and the relay that moves it to Kafka. Setting
 * {@code onsale.outbox.schema} switches the outbox on; every name is a plain lower-case SQL identifier.
 *
 * @param schema schema holding the outbox, its offsets table and (for the relay) the published table
 * @param table outbox table inside the schema
 * @param slotName logical replication slot of this service's relay; one per service (e.g. booking_outbox)
 * @param publicationName publication covering the outbox table only; defaults to the slot name
 * @param offsetsTable table inside the schema where the relay keeps its source offsets
 * @param enabled whether this replica takes part in relaying (the outbox itself is always available)
 * @param pollInterval how long Debezium waits for new changes before returning an empty poll
 * @param heartbeatInterval how often Debezium confirms its position to PostgreSQL while the outbox is idle, so WAL is
 *     reclaimed
 * @param leaderRetry how often a standby tries to take the leadership, and how soon a failed engine is restarted
 * @param offsetFlushTimeout upper bound for writing the relay's offsets after a batch was acknowledged
 * @param sendTimeout how long a batch waits for Kafka's acknowledgement before the engine is restarted (and the batch
 *     redelivered)
 * @param shutdownTimeout how long a shutting-down relay waits for the engine to stop
 */
@ConfigurationProperties("onsale.outbox")
public record OutboxProperties(
        String schema,
        @DefaultValue("outbox") String table,
        String slotName,
        String publicationName,
        @DefaultValue("outbox_offsets") String offsetsTable,
        @DefaultValue("true") boolean enabled,
        @DefaultValue("200ms") Duration pollInterval,
        @DefaultValue("10s") Duration heartbeatInterval,
        @DefaultValue("2s") Duration leaderRetry,
        @DefaultValue("10s") Duration offsetFlushTimeout,
        @DefaultValue("2m") Duration sendTimeout,
        @DefaultValue("30s") Duration shutdownTimeout) {

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    public OutboxProperties {
        requireIdentifier("schema", schema);
        requireIdentifier("table", table);
        requireIdentifier("offsets-table", offsetsTable);
        if (slotName != null) {
            requireIdentifier("slot-name", slotName);
        }
        if (publicationName == null) {
            publicationName = slotName;
        } else {
            requireIdentifier("publication-name", publicationName);
        }
    }

    /** {@code schema.table} of the outbox. */
    public String qualifiedTable() {
        return schema + "." + table;
    }

    /** {@code schema.offsetsTable}. */
    public String qualifiedOffsetsTable() {
        return schema + "." + offsetsTable;
    }

    private static void requireIdentifier(String property, String value) {
        if (value == null || !IDENTIFIER.matcher(value).matches()) {
            throw new IllegalArgumentException(
                    "onsale.outbox." + property + " must be a lower-case SQL identifier, was " + value);
        }
    }
}
