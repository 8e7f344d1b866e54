package dev.onsale.engines;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * One real KRaft node (broker and controller in one), every listener bound to loopback. Spring's embedded
 * broker cannot do that: its test kit pre-binds the broker and controller sockets on every interface, which put
 * an unauthenticated Kafka of every local stack on the network. Storage is formatted fresh in {@code logDir}.
 */
final class LoopbackKafka implements AutoCloseable {

    private static final String HOST = "127.0.0.1";
    private static final int NODE_ID = 1;
    private static final Duration READY_WITHIN = Duration.ofSeconds(60);

    private final KafkaRaftServer server;
    private final String bootstrap;

    private LoopbackKafka(KafkaRaftServer server, String bootstrap) {
        this.server = server;
        this.bootstrap = bootstrap;
    }

    /**
     * Formats {@code logDir}, starts the node and waits until it answers.
     *
     * @param port   the client port, 0 for any free one
     * @param extras broker settings on top of the listeners (replication factors, partitions, ...)
     */
    static LoopbackKafka start(Path logDir, int port, Map<String, String> extras) throws Exception {
        int[] ports = listenerPorts(port);
        int clientPort = ports[0];
        int controllerPort = ports[1];
        Files.createDirectories(logDir);
        Map<String, String> settings = new HashMap<>(extras);
        settings.put("process.roles", "broker,controller");
        settings.put("node.id", String.valueOf(NODE_ID));
        settings.put("controller.quorum.voters", NODE_ID + "@" + HOST + ":" + controllerPort);
        settings.put(
                "listeners", "PLAINTEXT://" + HOST + ":" + clientPort + ",CONTROLLER://" + HOST + ":" + controllerPort);
        settings.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + clientPort);
        settings.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        settings.put("controller.listener.names", "CONTROLLER");
        settings.put("inter.broker.listener.name", "PLAINTEXT");
        settings.put("log.dirs", logDir.toString());
        settings.put("group.initial.rebalance.delay.ms", "0");
        var config = new KafkaConfig(settings, false);

        new Formatter()
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .setClusterId(Uuid.randomUuid().toString())
                .setNodeId(NODE_ID)
                .setDirectories(List.of(logDir.toString()))
                .setMetadataLogDirectory(logDir.toString())
                .setControllerListenerName("CONTROLLER")
                .setReleaseVersion(MetadataVersion.latestProduction())
                .run();

        var server = new KafkaRaftServer(config, Time.SYSTEM);
        server.startup();
        // named as every other engine endpoint of a local stack; the broker then advertises the loopback address
        var kafka = new LoopbackKafka(server, "localhost:" + clientPort);
        try {
            kafka.awaitReady();
        } catch (Exception e) {
            kafka.close();
            throw e;
        }
        return kafka;
    }

    String bootstrapServers() {
        return bootstrap;
    }

    void createTopics(List<NewTopic> topics) throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(topics).all().get();
        }
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try (Admin admin = admin()) {
                if (!admin.describeCluster().nodes().get().isEmpty()) {
                    return;
                }
            } catch (Exception e) {
                last = e;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("Kafka did not answer within " + READY_WITHIN.toSeconds() + " s", last);
    }

    private Admin admin() {
        var properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
        return Admin.create(properties);
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }

    /**
     * The client port ({@code port}, or a free one when 0) and a free controller port that differs from it. The free
     * ones are found with their sockets open together: a port asked for after the first socket was closed can be the
     * same one again, and Kafka then refuses the two listeners (seen once in a full test run).
     */
    static int[] listenerPorts(int port) {
        try (var client = new ServerSocket(0, 1, InetAddress.getByName(HOST));
                var controller = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            if (port == 0) {
                return new int[] {client.getLocalPort(), controller.getLocalPort()};
            }
            // a fixed client port: either free socket serves the controller, and at most one of them can be that port
            int controllerPort = client.getLocalPort() != port ? client.getLocalPort() : controller.getLocalPort();
            return new int[] {port, controllerPort};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
