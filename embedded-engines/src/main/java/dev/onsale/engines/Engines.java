package dev.onsale.engines;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The three engines Onsale runs on — Kafka, PostgreSQL (database {@code onsale}, {@code wal_level=logical})
 * and Redis (expiry notifications on) — as the services see them: endpoints only. Embedded by default
 * ({@link EmbeddedEngines}); in containers ({@link ContainerEngines}) on machines with Docker.
 */
public interface Engines extends AutoCloseable {

    /** Selects {@link ContainerEngines} for tests instead of the embedded engines: {@code containers}. */
    String SELECTOR = "ONSALE_TEST_ENGINES";

    String kafkaBootstrap();

    /** JDBC URL of the {@code onsale} database. */
    String jdbcUrl();

    String jdbcUser();

    String jdbcPassword();

    String redisUrl();

    /** The configuration the services read: ONSALE_KAFKA_BOOTSTRAP, ONSALE_DB_URL, ..._USER, ..._PASSWORD, ONSALE_REDIS_URL. */
    default Map<String, String> environment() {
        var env = new LinkedHashMap<String, String>();
        env.put("ONSALE_KAFKA_BOOTSTRAP", kafkaBootstrap());
        env.put("ONSALE_DB_URL", jdbcUrl());
        env.put("ONSALE_DB_USER", jdbcUser());
        env.put("ONSALE_DB_PASSWORD", jdbcPassword());
        env.put("ONSALE_REDIS_URL", redisUrl());
        return env;
    }

    /** Stops the engines; later calls do nothing. */
    @Override
    void close();

    /**
     * The engines of this test JVM, started once: in containers when {@value #SELECTOR} (environment
     * variable or system property) is {@code containers}, embedded otherwise.
     */
    static Engines forTests() {
        String selected = System.getProperty(SELECTOR, System.getenv(SELECTOR));
        return "containers".equalsIgnoreCase(selected) ? ContainerEngines.shared() : EmbeddedEngines.shared();
    }
}
