package dev.onsale.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnginesOnFixedPortsIT {

    @TempDir
    Path workDir;

    @Test
    void enginesListenOnTheGivenPortsAndLeaveNoProcessBehindWhenClosed() throws Exception {
        var ports = new EnginePorts(freePort(), freePort(), freePort());
        long postgresPid;
        long redisPid;
        long restartedRedisPid;
        try (var engines = EmbeddedEngines.start(ports, workDir)) {
            postgresPid = engines.postgresPid();
            redisPid = engines.redisPid();
            assertThat(engines.kafkaBootstrap()).isEqualTo("localhost:" + ports.kafka());
            assertThat(engines.jdbcUrl()).isEqualTo("jdbc:postgresql://localhost:" + ports.postgres() + "/onsale");
            assertThat(engines.redisUrl()).isEqualTo("redis://127.0.0.1:" + ports.redis());
            assertThat(workDir.resolve("postgres/postmaster.pid")).exists();

            Map<String, Object> config = Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:" + ports.kafka(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
            try (var producer = new KafkaProducer<String, String>(config)) {
                var metadata = producer.send(new ProducerRecord<>("fixed-port-check", "k", "v"))
                        .get(30, TimeUnit.SECONDS);
                assertThat(metadata.offset()).isZero();
            }
            try (var admin = Admin.create(Map.of("bootstrap.servers", "localhost:" + ports.kafka()))) {
                var nodes = admin.describeCluster().nodes().get(30, TimeUnit.SECONDS);
                assertThat(nodes)
                        .singleElement()
                        .satisfies(n -> assertThat(n.port()).isEqualTo(ports.kafka()));
            }
            try (var c = DriverManager.getConnection(engines.jdbcUrl(), "postgres", "");
                    var rs = c.createStatement().executeQuery("SHOW wal_level")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("logical");
            }
            try (var redis = new redis.clients.jedis.Jedis(java.net.URI.create(engines.redisUrl()))) {
                assertThat(redis.configGet("notify-keyspace-events")).containsValue("xE");
                redis.set("before-the-crash", "1");
            }
            // a Redis lost: killed and started again on the same port, empty, as a rehearsal's chaos asks
            restartedRedisPid = engines.restartRedis();
            assertThat(restartedRedisPid).isPositive().isNotEqualTo(redisPid).isEqualTo(engines.redisPid());
            await().atMost(Duration.ofSeconds(5)).until(() -> gone(redisPid));
            try (var redis = new redis.clients.jedis.Jedis(java.net.URI.create(engines.redisUrl()))) {
                assertThat(redis.exists("before-the-crash")).isFalse();
                assertThat(redis.configGet("notify-keyspace-events")).containsValue("xE");
            }
            engines.close();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> gone(postgresPid) && gone(restartedRedisPid));
    }

    private static boolean gone(long pid) {
        return ProcessHandle.of(pid).map(p -> !p.isAlive() || isZombie(pid)).orElse(true);
    }

    private static boolean isZombie(long pid) {
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
        } catch (java.io.IOException e) {
            return true;
        }
    }

    private static int freePort() throws Exception {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
