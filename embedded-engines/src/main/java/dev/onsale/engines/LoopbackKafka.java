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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
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
 * Real KRaft nodes (each broker and controller in one; one by default, several for a stack that shows the
 * distributed form), every listener bound to loopback. Spring's embedded broker cannot do that: its test kit
 * pre-binds the broker and controller sockets on every interface, which put an unauthenticated Kafka of every
 * local stack on the network. Storage is formatted fresh under {@code logDir}, one directory per node, all of one
 * cluster id; the nodes are voters of one static controller quorum.
 */
final class LoopbackKafka implements AutoCloseable {

    private static final String HOST = "127.0.0.1";
    private static final Duration READY_WITHIN = Duration.ofSeconds(90);

    private final List<KafkaRaftServer> servers;
    private final List<Integer> clientPorts;
    private final String bootstrap;
    private final Set<Integer> stopped = ConcurrentHashMap.newKeySet();

    private LoopbackKafka(List<KafkaRaftServer> servers, List<Integer> clientPorts) {
        this.servers = servers;
        this.clientPorts = List.copyOf(clientPorts);
        // named as every other engine endpoint of a local stack; the brokers then advertise the loopback address
        this.bootstrap = clientPorts.stream().map(p -> "localhost:" + p).collect(Collectors.joining(","));
    }

    /** One node: see {@link #start(Path, int, int, Map)}. */
    static LoopbackKafka start(Path logDir, int port, Map<String, String> extras) throws Exception {
        return start(logDir, port, 1, extras);
    }

    /**
     * Formats a directory per node under {@code logDir}, starts {@code nodes} nodes and waits until every one of
     * them is a live broker of the cluster. The nodes start together: a broker's start-up waits for its controller
     * quorum, which needs a majority of them.
     *
     * @param port   the first node's client port, 0 for any free one (the others always take free ones)
     * @param extras broker settings on top of the listeners (replication factors, partitions, ...)
     */
    static LoopbackKafka start(Path logDir, int port, int nodes, Map<String, String> extras) throws Exception {
        if (nodes < 1) {
            throw new IllegalArgumentException("Kafka needs at least one node, got " + nodes);
        }
        List<int[]> ports = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            ports.add(listenerPorts(i == 0 ? port : 0, ports));
        }
        String voters = IntStream.range(0, nodes)
                .mapToObj(i -> (i + 1) + "@" + HOST + ":" + ports.get(i)[1])
                .collect(Collectors.joining(","));
        String clusterId = Uuid.randomUuid().toString();
        List<KafkaConfig> configs = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            Path nodeDir = nodes == 1 ? logDir : logDir.resolve("node-" + (i + 1));
            configs.add(format(nodeDir, i + 1, ports.get(i), voters, clusterId, extras));
        }
        List<KafkaRaftServer> servers = new ArrayList<>();
        var kafka = new LoopbackKafka(servers, ports.stream().map(p -> p[0]).toList());
        try {
            for (KafkaConfig config : configs) {
                servers.add(new KafkaRaftServer(config, Time.SYSTEM));
            }
            // a thread each (the common pool has one on two cores, and one node's start-up waits for the others);
            // not closed by try-with-resources, whose close would wait for a start-up that never ends
            ExecutorService starting = Executors.newFixedThreadPool(nodes);
            try {
                List<CompletableFuture<Void>> started = servers.stream()
                        .map(server -> CompletableFuture.runAsync(server::startup, starting))
                        .toList();
                CompletableFuture.allOf(started.toArray(CompletableFuture[]::new))
                        .get(READY_WITHIN.toSeconds(), TimeUnit.SECONDS);
            } finally {
                starting.shutdownNow();
            }
            kafka.awaitReady(nodes);
        } catch (Exception e) {
            kafka.close();
            throw e;
        }
        return kafka;
    }

    private static KafkaConfig format(
            Path nodeDir, int nodeId, int[] ports, String voters, String clusterId, Map<String, String> extras)
            throws Exception {
        Files.createDirectories(nodeDir);
        Map<String, String> settings = new HashMap<>(extras);
        settings.put("process.roles", "broker,controller");
        settings.put("node.id", String.valueOf(nodeId));
        settings.put("controller.quorum.voters", voters);
        settings.put("listeners", "PLAINTEXT://" + HOST + ":" + ports[0] + ",CONTROLLER://" + HOST + ":" + ports[1]);
        settings.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + ports[0]);
        settings.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        settings.put("controller.listener.names", "CONTROLLER");
        settings.put("inter.broker.listener.name", "PLAINTEXT");
        settings.put("log.dirs", nodeDir.toString());
        settings.put("group.initial.rebalance.delay.ms", "0");
        // a node that cannot join its quorum gives up instead of waiting for ever (Kafka's default)
        settings.put("server.max.startup.time.ms", String.valueOf(READY_WITHIN.toMillis()));
        if (voters.contains(",")) {
            // several nodes: a stopping broker does not wait for a controller to move its leaderships (a local stack
            // stops all of them together, and a broker lost in a fault test is lost, not handed over)
            settings.put("controlled.shutdown.enable", "false");
        }
        return formatted(nodeDir, nodeId, clusterId, settings);
    }

    private static KafkaConfig formatted(Path nodeDir, int nodeId, String clusterId, Map<String, String> settings)
            throws Exception {
        var config = new KafkaConfig(settings, false);
        new Formatter()
                .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
                .setClusterId(clusterId)
                .setNodeId(nodeId)
                .setDirectories(List.of(nodeDir.toString()))
                .setMetadataLogDirectory(nodeDir.toString())
                .setControllerListenerName("CONTROLLER")
                .setReleaseVersion(MetadataVersion.latestProduction())
                .run();
        return config;
    }

    /**
     * Stops node {@code node} (1-based) as a broker lost would be, leaving the others to carry on: its partitions'
     * leadership moves to the other replicas. Later calls for the same node do nothing.
     */
    synchronized void stopNode(int node) {
        if (node < 1 || node > servers.size()) {
            throw new IllegalArgumentException("no Kafka node " + node + " of " + servers.size());
        }
        KafkaRaftServer server = servers.get(node - 1);
        if (stopped.add(node)) {
            server.shutdown();
            server.awaitShutdown();
        }
    }

    /** How many nodes this cluster has. */
    int nodes() {
        return servers.size();
    }

    /** The client port of each node, in node order (node {@code i + 1} is the {@code i}-th). */
    List<Integer> clientPorts() {
        return clientPorts;
    }

    String bootstrapServers() {
        return bootstrap;
    }

    void createTopics(List<NewTopic> topics) throws Exception {
        try (Admin admin = admin()) {
            admin.createTopics(topics).all().get();
        }
    }

    /** Until the cluster describes {@code nodes} live brokers. */
    private void awaitReady(int nodes) throws Exception {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try (Admin admin = admin()) {
                if (admin.describeCluster().nodes().get().size() >= nodes) {
                    return;
                }
            } catch (Exception e) {
                last = e;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException(
                "Kafka's " + nodes + " node(s) did not answer within " + READY_WITHIN.toSeconds() + " s", last);
    }

    private Admin admin() {
        var properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "10000");
        return Admin.create(properties);
    }

    /**
     * Stops every node still running, all at once: one after the other, the last ones would wait for a controller
     * quorum that the first ones took away (seen: the engines process killed after 30 s).
     */
    @Override
    public synchronized void close() {
        List<KafkaRaftServer> running = IntStream.range(0, servers.size())
                .filter(i -> !stopped.contains(i + 1))
                .mapToObj(servers::get)
                .toList();
        if (running.size() == 1) {
            running.getFirst().shutdown();
            running.getFirst().awaitShutdown();
            return;
        }
        List<Thread> stopping = running.stream()
                .map(server -> Thread.ofPlatform().start(() -> {
                    server.shutdown();
                    server.awaitShutdown();
                }))
                .toList();
        for (Thread thread : stopping) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * The client port ({@code port}, or a free one when 0) and a free controller port that differs from it and from
     * every port of {@code taken} (the other nodes'). The free ones are found with their sockets open together: a port
     * asked for after the first socket was closed can be the same one again, and Kafka then refuses the two listeners
     * (seen once in a full test run).
     */
    static int[] listenerPorts(int port, List<int[]> taken) {
        for (int attempt = 0; attempt < 20; attempt++) {
            int[] ports = listenerPorts(port);
            boolean clash = taken.stream().flatMapToInt(Arrays::stream).anyMatch(p -> p == ports[0] || p == ports[1]);
            if (!clash) {
                return ports;
            }
        }
        throw new IllegalStateException("no free listener ports apart from " + taken.size() + " other node(s)");
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
