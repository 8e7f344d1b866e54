package dev.onsale.engines;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The same three engines in Docker containers (Testcontainers), configured as the embedded ones:
 * PostgreSQL with {@code wal_level=logical} and a database {@code onsale}, Redis with expiry
 * notifications, Kafka in KRaft mode with every Onsale topic. For machines that have a Docker
 * engine; select it with {@code ONSALE_TEST_ENGINES=containers}.
 */
public final class ContainerEngines implements Engines {

    static final String POSTGRES_IMAGE = "postgres:17";
    static final String KAFKA_IMAGE = "apache/kafka:4.1.1";
    static final String REDIS_IMAGE = "redis:7";
    private static final int REDIS_PORT = 6379;
    private static ContainerEngines shared;

    private final PostgreSQLContainer postgres = new PostgreSQLContainer(DockerImageName.parse(POSTGRES_IMAGE))
            .withDatabaseName(EmbeddedEngines.DATABASE)
            .withCommand(
                    "postgres",
                    "-c",
                    "wal_level=logical",
                    "-c",
                    "max_replication_slots=20",
                    "-c",
                    "max_wal_senders=20",
                    "-c",
                    "max_connections=300");
    private final KafkaContainer kafka = new KafkaContainer(DockerImageName.parse(KAFKA_IMAGE))
            .withEnv("KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR", "1")
            .withEnv("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "1");
    private final GenericContainer<?> redis = new GenericContainer<>(DockerImageName.parse(REDIS_IMAGE))
            .withCommand("redis-server", "--notify-keyspace-events", "Ex", "--save", "")
            .withExposedPorts(REDIS_PORT);
    private final AtomicBoolean closed = new AtomicBoolean();

    private ContainerEngines() {}

    /** Starts the three containers and creates the topics; stops what started if any of it fails. */
    public static ContainerEngines start() {
        var engines = new ContainerEngines();
        try {
            engines.redis.start();
            engines.postgres.start();
            engines.kafka.start();
            engines.createTopics();
            return engines;
        } catch (RuntimeException e) {
            engines.close();
            throw new IllegalStateException("could not start the engines in containers: " + e.getMessage(), e);
        }
    }

    /** One set of containers per JVM, stopped when the JVM exits. */
    public static synchronized ContainerEngines shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close, "onsale-containers-shutdown"));
        }
        return shared;
    }

    private void createTopics() {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafkaBootstrap()))) {
            List<NewTopic> topics = EmbeddedEngines.TOPICS.stream()
                    .map(t -> new NewTopic(t, EmbeddedEngines.PARTITIONS, (short) 1))
                    .toList();
            admin.createTopics(topics).all().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "could not create topics: " + e.getCause().getMessage(), e);
        }
    }

    @Override
    public String kafkaBootstrap() {
        return kafka.getBootstrapServers();
    }

    @Override
    public String jdbcUrl() {
        return postgres.getJdbcUrl();
    }

    @Override
    public String jdbcUser() {
        return postgres.getUsername();
    }

    @Override
    public String jdbcPassword() {
        return postgres.getPassword();
    }

    @Override
    public String redisUrl() {
        return "redis://" + redis.getHost() + ":" + redis.getMappedPort(REDIS_PORT);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            kafka.stop();
            postgres.stop();
            redis.stop();
        }
    }
}
