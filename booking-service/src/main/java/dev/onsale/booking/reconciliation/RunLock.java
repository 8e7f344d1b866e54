package dev.onsale.booking.reconciliation;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * One reconciliation run at a time across every replica: a session-level PostgreSQL advisory lock, held on a
 * connection of its own for the whole run and given up when the run ends (or its session dies).
 */
final class RunLock implements AutoCloseable {

    /** First key of the two-key advisory lock: the namespace every Onsale advisory lock uses. */
    private static final int NAMESPACE = 0x4f4e5341;

    private static final int RECONCILIATION = "booking.reconciliation".hashCode();

    private final Connection connection;
    private final boolean held;

    private RunLock(Connection connection, boolean held) {
        this.connection = connection;
        this.held = held;
    }

    static RunLock tryAcquire(DataSource dataSource) throws SQLException {
        Connection connection = dataSource.getConnection();
        try (PreparedStatement statement = connection.prepareStatement("SELECT pg_try_advisory_lock(?, ?)")) {
            statement.setInt(1, NAMESPACE);
            statement.setInt(2, RECONCILIATION);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                return new RunLock(connection, result.getBoolean(1));
            }
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    boolean held() {
        return held;
    }

    @Override
    public void close() throws SQLException {
        try (connection) {
            if (held) {
                try (PreparedStatement statement = connection.prepareStatement("SELECT pg_advisory_unlock(?, ?)")) {
                    statement.setInt(1, NAMESPACE);
                    statement.setInt(2, RECONCILIATION);
                    statement.execute();
                }
            }
        }
    }
}
