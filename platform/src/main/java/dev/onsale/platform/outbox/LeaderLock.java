package dev.onsale.platform.outbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Leadership of one relay: a session-level PostgreSQL advisory lock held on a dedicated connection.
 * Only the holder runs the Debezium engine (two consumers of one slot would lose data; PostgreSQL
 * also refuses a second active consumer). The lock ends with the session, so a replica that dies or
 * loses its connection hands leadership to the next one that tries. Acquiring and releasing are for one thread; {@link #isHeld()} and
 * {@link #heldElsewhere()} may be asked from any.
 */
final class LeaderLock implements AutoCloseable {

    /** First key of the two-key advisory lock: a namespace so that other advisory locks never collide. */
    static final int NAMESPACE = 0x4f4e5341;

    private static final int VALIDATION_TIMEOUT_SECONDS = 3;
    private static final String HELD_ELSEWHERE = """
            SELECT count(*) FROM pg_locks
            WHERE locktype = 'advisory' AND granted AND objsubid = 2
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
              AND classid::bigint = ? AND objid::bigint = ? AND pid <> pg_backend_pid()
            """;

    private final PostgresEndpoint endpoint;
    private final JdbcTemplate jdbc;
    private final int key;
    private Connection connection;
    private volatile boolean held;

    LeaderLock(PostgresEndpoint endpoint, JdbcTemplate jdbc, String slotName) {
        this.endpoint = endpoint;
        this.jdbc = jdbc;
        this.key = slotName.hashCode();
    }

    /** Takes the lock if nobody holds it; true if this replica holds it now. */
    boolean tryAcquire() throws SQLException {
        if (held) {
            return true;
        }
        try (PreparedStatement statement = connection().prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
            statement.setInt(1, NAMESPACE);
            statement.setInt(2, key);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                held = result.getBoolean(1);
            }
        } catch (SQLException e) {
            close();
            throw e;
        }
        return held;
    }

    boolean isHeld() {
        return held;
    }

    /** Whether the lock's session is still alive; if it is not, the lock is gone and is given up here too. */
    boolean verify() {
        try {
            if (held && connection.isValid(VALIDATION_TIMEOUT_SECONDS)) {
                return true;
            }
        } catch (SQLException ignored) {
            // treated as a lost session
        }
        close();
        return false;
    }

    /** Whether another session holds the lock; safe to call from any thread. */
    boolean heldElsewhere() {
        Long sessions = jdbc.queryForObject(
                HELD_ELSEWHERE, Long.class, Integer.toUnsignedLong(NAMESPACE), Integer.toUnsignedLong(key));
        return sessions != null && sessions > 0;
    }

    /** Releases the lock by ending its session. */
    @Override
    public void close() {
        held = false;
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the session ends either way
            }
            connection = null;
        }
    }

    private Connection connection() throws SQLException {
        if (connection == null || connection.isClosed()) {
            connection = endpoint.connect();
        }
        return connection;
    }
}
