package dev.onsale.platform.outbox;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Where the relay reaches PostgreSQL outside the connection pool: Debezium's replication
 * connection, the leader lock's session and the offset store all need connections of their own.
 *
 * @param jdbcUrl {@code jdbc:postgresql://host[:port]/database[?params]}
 */
public record PostgresEndpoint(String jdbcUrl, String user, String password) {

    private static final String PREFIX = "jdbc:postgresql://";
    private static final int DEFAULT_PORT = 5432;

    public PostgresEndpoint {
        if (jdbcUrl == null || !jdbcUrl.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a PostgreSQL JDBC URL: " + jdbcUrl);
        }
        password = password == null ? "" : password;
    }

    /** A new connection, not from any pool; the caller closes it. */
    public Connection connect() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        properties.setProperty("tcpKeepAlive", "true");
        return DriverManager.getConnection(jdbcUrl, properties);
    }

    String host() {
        return uri().getHost();
    }

    int port() {
        int port = uri().getPort();
        return port < 0 ? DEFAULT_PORT : port;
    }

    String database() {
        return uri().getPath().substring(1);
    }

    /** The URL's query parameters (e.g. {@code sslmode}), in order. */
    Map<String, String> parameters() {
        Map<String, String> parameters = new LinkedHashMap<>();
        String query = uri().getRawQuery();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    parameters.put(pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
        }
        return parameters;
    }

    private URI uri() {
        String rest = jdbcUrl.substring(PREFIX.length());
        int comma = rest.indexOf(',');
        int slash = rest.indexOf('/');
        if (comma >= 0 && comma < slash) {
            rest = rest.substring(0, comma) + rest.substring(slash);
        }
        return URI.create("postgresql://" + rest);
    }
}
