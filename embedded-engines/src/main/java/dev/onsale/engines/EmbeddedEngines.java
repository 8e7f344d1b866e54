package dev.onsale.engines;

import dev.onsale.common.Topics;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.NewTopic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisServer;

/**
 * Real Kafka (KRaft, one broker), PostgreSQL and redis-server, started in and owned by this JVM; or, in the
 * {@link Topology} asked for, Kafka as several brokers (every topic replicated on up to three of them) and Redis as
 * a cluster of several masters, as a deployment that outgrows one node runs them.
 * <p>
 * PostgreSQL runs with {@code wal_level=logical} and has a database {@code onsale} (user {@code postgres},
 * no password); Redis publishes expiry notifications ({@code notify-keyspace-events Ex}); Kafka has every
 * topic of {@link Topics} with {@value #PARTITIONS} partitions and creates others on demand.
 * {@link #close()} stops all three and may be called any number of times.
 */
public final class EmbeddedEngines implements Engines {

    public static final String DATABASE = "onsale";
    public static final String DB_USER = "postgres";
    public static final String DB_PASSWORD = "";
    /** The services' setting naming a Redis Cluster's nodes; absent, they use the one server of ONSALE_REDIS_URL. */
    public static final String REDIS_CLUSTER_NODES = "ONSALE_REDIS_CLUSTER_NODES";

    static final int PARTITIONS = 3;
    static final List<String> TOPICS = List.of(
            Topics.EVENTS,
            Topics.HOLD_COMMANDS,
            Topics.HOLD_REPLIES,
            Topics.ORDERS,
            Topics.INVENTORY,
            Topics.PAYMENT_REQUESTS,
            Topics.PAYMENT_RESULTS,
            Topics.RECONCILIATION_COMMANDS,
            Topics.RECONCILIATION_REPLIES);

    private static final Logger log = LoggerFactory.getLogger(EmbeddedEngines.class);
    private static final String LOOPBACK = "127.0.0.1";
    private static EmbeddedEngines shared;

    private final Path workDir;
    private final AtomicBoolean closed = new AtomicBoolean();
    private LoopbackKafka kafka;
    private EmbeddedPostgres postgres;
    private RedisServer redis;
    private RedisClusterEngine redisCluster;
    private String kafkaBootstrap;
    private int redisPort;
    private long postgresPid = -1;
    private long redisPid = -1;

    private EmbeddedEngines(Path workDir) {
        this.workDir = workDir;
    }

    /**
     * Starts the three engines; on failure whatever was started is stopped again.
     *
     * @param workDir holds the PostgreSQL data directory and Redis' files; created if missing
     */
    public static EmbeddedEngines start(EnginePorts ports, Path workDir) {
        return start(ports, workDir, Topology.SINGLE);
    }

    /**
     * Starts the three engines in {@code topology}; on failure whatever was started is stopped again.
     *
     * @param workDir holds the PostgreSQL data directory and Redis' files; created if missing
     */
    public static EmbeddedEngines start(EnginePorts ports, Path workDir, Topology topology) {
        var engines = new EmbeddedEngines(workDir.toAbsolutePath());
        try {
            Files.createDirectories(engines.workDir);
            long started = System.nanoTime();
            if (topology.redisCluster()) {
                engines.startRedisCluster(topology.redisMasters(), topology.portsToAvoid());
            } else {
                engines.startRedis(ports.redis());
            }
            // PostgreSQL (initdb) and Kafka take seconds each and do not depend on each other
            var postgres = CompletableFuture.runAsync(() -> {
                try {
                    engines.startPostgres(ports.postgres());
                } catch (IOException | SQLException e) {
                    throw new CompletionException(e);
                }
            });
            try {
                engines.startKafka(ports.kafka(), topology.kafkaBrokers());
            } finally {
                joinUnwrapped(postgres);
            }
            log.info(
                    "Engines up in {} ms: kafka {}, postgres {}, redis {}",
                    Duration.ofNanos(System.nanoTime() - started).toMillis(),
                    engines.kafkaBootstrap(),
                    engines.jdbcUrl(),
                    engines.redisUrl());
            return engines;
        } catch (Exception e) {
            engines.close();
            throw new IllegalStateException("could not start the embedded engines: " + e.getMessage(), e);
        }
    }

    /** One set of engines per JVM on free ports, stopped (and its work dir deleted) when the JVM exits. */
    public static synchronized EmbeddedEngines shared() {
        if (shared == null) {
            Path dir;
            try {
                dir = Files.createTempDirectory("onsale-engines-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            var engines = start(EnginePorts.ephemeral(), dir);
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(
                            () -> {
                                engines.close();
                                EngineFiles.deleteRecursively(dir);
                            },
                            "onsale-engines-shutdown"));
            shared = engines;
        }
        return shared;
    }

    private static void joinUnwrapped(CompletableFuture<Void> future) throws IOException, SQLException {
        try {
            future.join();
        } catch (CompletionException e) {
            switch (e.getCause()) {
                case IOException io -> throw io;
                case SQLException sql -> throw sql;
                case RuntimeException runtime -> throw runtime;
                default -> throw e;
            }
        }
    }

    private void startRedis(int port) throws IOException {
        redisPort = port == 0 ? EngineFiles.freePort() : port;
        Path redisDir = Files.createDirectories(workDir.resolve("redis"));
        Path pidFile = redisDir.resolve("redis.pid");
        redis = RedisServer.newRedisServer()
                .port(redisPort)
                .bind(LOOPBACK)
                .setting("notify-keyspace-events Ex")
                .setting("dir " + redisDir)
                .setting("pidfile " + pidFile)
                .setting("save \"\"")
                .setting("appendonly no")
                .setting("protected-mode no")
                .build();
        redis.start();
        redisPid = EngineFiles.readPid(pidFile).orElse(-1);
    }

    /** Redis as a cluster of {@code masters} nodes; the first node's port is the one a single-server client names. */
    private void startRedisCluster(int masters, Set<Integer> portsToAvoid) {
        // a replica per master, so that a master can fail over as in a deployment
        redisCluster = RedisClusterEngine.start(masters, 1, portsToAvoid);
        redisPort = redisCluster.ports().getFirst();
        redisPid = redisCluster.pids().stream().findFirst().orElse(-1L);
    }

    private void startPostgres(int port) throws IOException, SQLException {
        Path dataDir = workDir.resolve("postgres");
        var builder = EmbeddedPostgres.builder()
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(true)
                .setServerConfig("wal_level", "logical")
                .setServerConfig("max_replication_slots", "20")
                .setServerConfig("max_wal_senders", "20")
                .setServerConfig("max_connections", "300")
                .setPGStartupWait(Duration.ofSeconds(60));
        if (port != 0) {
            builder.setPort(port);
        }
        postgres = builder.start();
        postgresPid = EngineFiles.readPid(dataDir.resolve("postmaster.pid")).orElse(-1);
        try (Connection c = postgres.getPostgresDatabase().getConnection();
                Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + DATABASE);
        }
    }

    /**
     * Kafka of {@code brokers} nodes. Every topic (the internal ones and those created on demand too) is replicated on
     * min(3, brokers) of them; with three replicas a write needs two, so that one broker lost loses no acknowledged
     * message and stops no producer.
     */
    private void startKafka(int port, int brokers) throws Exception {
        String replicas = String.valueOf(replicationFactor(brokers));
        String minInSync = String.valueOf(minInSyncReplicas(brokers));
        var broker = LoopbackKafka.start(
                workDir.resolve("kafka"),
                port,
                brokers,
                Map.of(
                        "transaction.state.log.replication.factor", replicas,
                        "transaction.state.log.min.isr", minInSync,
                        "offsets.topic.replication.factor", replicas,
                        "default.replication.factor", replicas,
                        "min.insync.replicas", minInSync,
                        "auto.create.topics.enable", "true",
                        "num.partitions", String.valueOf(PARTITIONS)));
        kafka = broker;
        kafkaBootstrap = broker.bootstrapServers();
        List<NewTopic> topics = new ArrayList<>();
        TOPICS.forEach(t -> topics.add(new NewTopic(t, PARTITIONS, (short) replicationFactor(brokers))));
        broker.createTopics(topics);
    }

    /** Stops Kafka broker {@code node} (1-based) of several, as a broker lost; see {@link LoopbackKafka#stopNode}. */
    public void stopKafkaBroker(int node) {
        kafka.stopNode(node);
    }

    /**
     * Kills the one redis-server (SIGKILL, as a crash) and starts it again on the same port, empty: nothing is
     * persisted. Not for a cluster, whose fault is a failover ({@link RedisClusterEngine#failOverTo}).
     *
     * @return the new redis-server's pid, or -1 if it wrote none
     */
    public synchronized long restartRedis() throws IOException {
        if (redis == null) {
            throw new IllegalStateException("Redis is a cluster here: fail a master over instead of restarting it");
        }
        ProcessHandle.of(redisPid).ifPresent(process -> {
            process.destroyForcibly();
            process.onExit().join();
        });
        redis.stop(); // the process is gone: this only lets the server be started again
        Path pidFile = workDir.resolve("redis").resolve("redis.pid");
        Files.deleteIfExists(pidFile);
        redis.start();
        redisPid = EngineFiles.readPid(pidFile).orElse(-1);
        return redisPid;
    }

    /** min(3, brokers): three copies survive a broker lost while another is restarting. */
    static int replicationFactor(int brokers) {
        return Math.min(3, brokers);
    }

    /** Two of three replicas must have a write; with fewer replicas, one (a lone broker down stops nothing more). */
    static int minInSyncReplicas(int brokers) {
        return replicationFactor(brokers) >= 3 ? 2 : 1;
    }

    @Override
    public String kafkaBootstrap() {
        return kafkaBootstrap;
    }

    /** JDBC URL of the {@code onsale} database. */
    @Override
    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + DATABASE;
    }

    @Override
    public String jdbcUser() {
        return DB_USER;
    }

    @Override
    public String jdbcPassword() {
        return DB_PASSWORD;
    }

    @Override
    public String redisUrl() {
        return "redis://" + LOOPBACK + ":" + redisPort;
    }

    /** Adds {@code ONSALE_REDIS_CLUSTER_NODES} (every node as host:port) when Redis is a cluster. */
    @Override
    public Map<String, String> environment() {
        var env = new LinkedHashMap<>(Engines.super.environment());
        if (redisCluster != null) {
            env.put(REDIS_CLUSTER_NODES, redisCluster.nodes());
        }
        return env;
    }

    /** The process ids of the cluster's redis-servers (empty for the single server, see {@link #redisPid()}). */
    public List<Long> redisClusterPids() {
        return redisCluster == null ? List.of() : redisCluster.pids();
    }

    public int kafkaPort() {
        String bootstrap = kafkaBootstrap();
        return Integer.parseInt(
                bootstrap.substring(bootstrap.lastIndexOf(':') + 1).split(",")[0]);
    }

    public int postgresPort() {
        return postgres.getPort();
    }

    public int redisPort() {
        return redisPort;
    }

    /** Process id of the postmaster, or -1 if unknown; lets a supervisor clean up after a killed JVM. */
    public long postgresPid() {
        return postgresPid;
    }

    /** Process id of redis-server, or -1 if unknown. */
    public long redisPid() {
        return redisPid;
    }

    public Path workDir() {
        return workDir;
    }

    /** Stops Redis, PostgreSQL and Kafka, in that order; later calls do nothing. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (redis != null) {
            quietly("redis", redis::stop);
        }
        if (redisCluster != null) {
            quietly("redis cluster", redisCluster::close);
        }
        if (postgres != null) {
            quietly("postgres", postgres::close);
        }
        if (kafka != null) {
            quietly("kafka", kafka::close);
        }
    }

    private interface Step {
        void run() throws Exception;
    }

    private static void quietly(String engine, Step step) {
        try {
            step.run();
        } catch (Exception e) {
            log.warn("Stopping {} failed: {}", engine, e.toString());
        }
    }
}
