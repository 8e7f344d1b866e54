package dev.onsale.platform.outbox;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.storage.MemoryOffsetBackingStore;

/**
 * Debezium's source offsets kept in a PostgreSQL table, so that a relay restarted on any replica
 * resumes where the last one left off. Configured through engine properties ({@link #URL}, {@link #USER},
 * {@link #PASSWORD}, {@link #TABLE}); the table is the service's own:
 * <pre>
 * CREATE TABLE &lt;schema&gt;.outbox_offsets (
 *     offset_key   bytea PRIMARY KEY,
 *     offset_value bytea,
 *     updated_at   timestamptz NOT NULL DEFAULT now()
 * );
 * </pre>
 * Offsets are loaded on start and written (upserted, all keys in one transaction) on every flush;
 * the in-memory map is only a cache of the table. Flushes run on the parent's single executor
 * thread, so the connection is never used concurrently.
 */
public class PostgresOffsetBackingStore extends MemoryOffsetBackingStore {

    public static final String URL = "onsale.offsets.jdbc.url";
    public static final String USER = "onsale.offsets.jdbc.user";
    public static final String PASSWORD = "onsale.offsets.jdbc.password";
    /** {@code schema.table} of the offsets table. */
    public static final String TABLE = "onsale.offsets.table";

    private PostgresEndpoint endpoint;
    private String select;
    private String upsert;
    private Connection connection;

    @Override
    public void configure(WorkerConfig config) {
        super.configure(config);
        Map<String, Object> originals = config.originals();
        endpoint = new PostgresEndpoint(
                required(originals, URL), required(originals, USER), (String) originals.get(PASSWORD));
        String table = required(originals, TABLE);
        select = "SELECT offset_key, offset_value FROM " + table;
        upsert = "INSERT INTO " + table + " (offset_key, offset_value, updated_at) VALUES (?, ?, now())"
                + " ON CONFLICT (offset_key) DO UPDATE SET offset_value = EXCLUDED.offset_value, updated_at = now()";
    }

    @Override
    public synchronized void start() {
        super.start();
        try {
            load();
        } catch (SQLException e) {
            closeConnection();
            throw new ConnectException("cannot load relay offsets", e);
        }
    }

    @Override
    public synchronized void stop() {
        super.stop();
        closeConnection();
    }

    @Override
    protected void save() {
        try {
            write(new HashMap<>(data));
        } catch (SQLException e) {
            closeConnection();
            throw new ConnectException("cannot save relay offsets", e);
        }
    }

    @Override
    public Set<Map<String, Object>> connectorPartitions(String connectorName) {
        return Set.of();
    }

    private void load() throws SQLException {
        try (PreparedStatement statement = connection().prepareStatement(select);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                byte[] value = rows.getBytes(2);
                data.put(ByteBuffer.wrap(rows.getBytes(1)), value == null ? null : ByteBuffer.wrap(value));
            }
        }
    }

    private void write(Map<ByteBuffer, ByteBuffer> offsets) throws SQLException {
        Connection c = connection();
        c.setAutoCommit(false);
        try (PreparedStatement statement = c.prepareStatement(upsert)) {
            for (Map.Entry<ByteBuffer, ByteBuffer> entry : offsets.entrySet()) {
                statement.setBytes(1, bytes(entry.getKey()));
                statement.setBytes(2, entry.getValue() == null ? null : bytes(entry.getValue()));
                statement.addBatch();
            }
            statement.executeBatch();
            c.commit();
        } catch (SQLException e) {
            try {
                c.rollback();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private Connection connection() throws SQLException {
        if (connection == null || connection.isClosed()) {
            connection = endpoint.connect();
        }
        return connection;
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the connection is being discarded either way
            }
            connection = null;
        }
    }

    private static byte[] bytes(ByteBuffer buffer) {
        ByteBuffer copy = buffer.duplicate();
        byte[] bytes = new byte[copy.remaining()];
        copy.get(bytes);
        return bytes;
    }

    private static String required(Map<String, Object> originals, String name) {
        Object value = originals.get(name);
        if (value == null || value.toString().isBlank()) {
            throw new ConnectException("missing engine property " + name);
        }
        return value.toString();
    }
}
