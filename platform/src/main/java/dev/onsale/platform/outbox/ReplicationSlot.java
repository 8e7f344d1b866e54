package dev.onsale.platform.outbox;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The publication (inserts into the outbox table only) and the logical replication slot ({@code pgoutput}) the
 * relay streams from. Both are created before the service accepts writes: from the slot's creation
 * on, PostgreSQL keeps every outbox insert for the relay, even while no engine is streaming.
 */
final class ReplicationSlot {

    private static final Logger log = LoggerFactory.getLogger(ReplicationSlot.class);
    private static final String DUPLICATE_OBJECT = "42710";

    private final JdbcTemplate jdbc;
    private final OutboxProperties properties;

    ReplicationSlot(JdbcTemplate jdbc, OutboxProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    /** Creates what is missing; safe when several replicas start at once. */
    void ensureExists() {
        ensurePublication();
        ensureSlot();
    }

    /** Whether a replication connection is attached to the slot right now. */
    boolean isActive() {
        List<Boolean> active = jdbc.queryForList(
                "SELECT active FROM pg_replication_slots WHERE slot_name = ?", Boolean.class, properties.slotName());
        return !active.isEmpty() && Boolean.TRUE.equals(active.getFirst());
    }

    /** Bytes of WAL the slot still retains beyond what the relay confirmed, or null if unknown. */
    Long retainedBytes() {
        List<Long> lag = jdbc.queryForList(
                "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)::bigint"
                        + " FROM pg_replication_slots WHERE slot_name = ?",
                Long.class,
                properties.slotName());
        return lag.isEmpty() ? null : lag.getFirst();
    }

    private void ensurePublication() {
        String publication = properties.publicationName();
        if (!exists("SELECT count(*) FROM pg_publication WHERE pubname = ?", publication)) {
            try {
                // Inserts only: the outbox deletes its rows right away, and the relay has no use for those deletes.
                jdbc.execute("CREATE PUBLICATION " + publication + " FOR TABLE " + properties.qualifiedTable()
                        + " WITH (publish = 'insert')");
                log.info("Created publication {} for {}", publication, properties.qualifiedTable());
            } catch (DataAccessException e) {
                rethrowUnlessDuplicate(e);
            }
        }
        if (!exists(
                "SELECT count(*) FROM pg_publication_tables WHERE pubname = ? AND schemaname = ? AND tablename = ?",
                publication,
                properties.schema(),
                properties.table())) {
            throw new IllegalStateException(
                    "publication " + publication + " exists but does not publish " + properties.qualifiedTable());
        }
    }

    private void ensureSlot() {
        if (exists("SELECT count(*) FROM pg_replication_slots WHERE slot_name = ?", properties.slotName())) {
            return;
        }
        try {
            jdbc.queryForList(
                    "SELECT slot_name FROM pg_create_logical_replication_slot(?, 'pgoutput')", properties.slotName());
            log.info("Created logical replication slot {}", properties.slotName());
        } catch (DataAccessException e) {
            rethrowUnlessDuplicate(e);
        }
    }

    private boolean exists(String countQuery, Object... args) {
        Long count = jdbc.queryForObject(countQuery, Long.class, args);
        return count != null && count > 0;
    }

    private static void rethrowUnlessDuplicate(DataAccessException e) {
        Throwable cause = e.getMostSpecificCause();
        if (cause instanceof java.sql.SQLException sql && DUPLICATE_OBJECT.equals(sql.getSQLState())) {
            return;
        }
        throw e;
    }
}
