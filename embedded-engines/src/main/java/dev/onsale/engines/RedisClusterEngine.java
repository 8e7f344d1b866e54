package dev.onsale.engines;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import redis.embedded.RedisServer;

/**
 * A real Redis Cluster for tests: {@code M} redis-server processes (the binary {@link EmbeddedEngines} runs) in
 * cluster mode, masters (with replicas where asked for), the 16384 slots split evenly over the masters, joined with
 * {@code CLUSTER MEET}; ready once every node
 * reports {@code cluster_state:ok}. Expiry notifications are on ({@code notify-keyspace-events Ex}) as on the
 * single server. {@link #close()} stops the processes and deletes their files. Needs no redis-cli: the few
 * commands it sends go over a socket of its own.
 */
public final class RedisClusterEngine implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";
    private static final int SLOTS = 16384;
    /** A node's cluster bus listens on its port + 10000: both must be free, and below 65536. */
    private static final int BUS_OFFSET = 10000;

    private static final int LOWEST_PORT = 20000;
    private static final int PORT_RANGE = 20000;
    private static final Duration READY_WITHIN = Duration.ofSeconds(30);

    private static RedisClusterEngine shared;

    private final Path dir;
    private final List<RedisServer> servers = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final List<Integer> replicaPorts = new ArrayList<>();
    private final Set<Integer> portsToAvoid;

    private RedisClusterEngine(Path dir, Set<Integer> portsToAvoid) {
        this.dir = dir;
        this.portsToAvoid = Set.copyOf(portsToAvoid);
    }

    /** One cluster of 3 nodes for every test of this JVM, started on first use and stopped when the JVM exits. */
    public static synchronized RedisClusterEngine forTests() {
        if (shared == null) {
            RedisClusterEngine cluster = start(3);
            Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "onsale-redis-cluster-shutdown"));
            shared = cluster;
        }
        return shared;
    }

    /** Starts a cluster of {@code masters} nodes and waits until it serves every slot. */
    public static RedisClusterEngine start(int masters) {
        return start(masters, 0);
    }

    /**
     * Starts a cluster of {@code masters} nodes, each with {@code replicasPerMaster} replicas (which a failover
     * promotes), and waits until it serves every slot and every replica follows its master.
     */
    public static RedisClusterEngine start(int masters, int replicasPerMaster) {
        return start(masters, replicasPerMaster, Set.of());
    }

    /**
     * As {@link #start(int, int)}, no node taking any of {@code portsToAvoid} as its port or its bus port: the ports
     * a launcher picked for its services, which are still free while the engines start.
     */
    public static RedisClusterEngine start(int masters, int replicasPerMaster, Set<Integer> portsToAvoid) {
        if (masters < 1) {
            throw new IllegalArgumentException("a cluster needs a node");
        }
        RedisClusterEngine cluster;
        try {
            cluster = new RedisClusterEngine(Files.createTempDirectory("onsale-redis-cluster-"), portsToAvoid);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            for (int i = 0; i < masters; i++) {
                cluster.ports.add(cluster.startNode());
            }
            for (int i = 0; i < masters * replicasPerMaster; i++) {
                cluster.replicaPorts.add(cluster.startNode());
            }
            cluster.assignSlots();
            cluster.join();
            cluster.awaitReady();
            cluster.replicate(replicasPerMaster);
            return cluster;
        } catch (IOException | RuntimeException e) {
            cluster.close();
            throw e instanceof IOException io ? new UncheckedIOException(io) : (RuntimeException) e;
        }
    }

    /** The masters as {@code host:port,host:port,...}: the value of {@code onsale.redis.cluster-nodes}. */
    public String nodes() {
        return ports.stream().map(port -> LOOPBACK + ":" + port).collect(Collectors.joining(","));
    }

    /** The replicas' client ports, in start order: replica {@code i} follows master {@code i % masters}. */
    public List<Integer> replicaPorts() {
        return List.copyOf(replicaPorts);
    }

    /** The process ids of the nodes' redis-servers, in start order; a node whose id could not be read is left out. */
    public List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        for (int port : allPorts()) {
            EngineFiles.readPid(dir.resolve(Integer.toString(port)).resolve("redis.pid"))
                    .ifPresent(pids::add);
        }
        return pids;
    }

    /** The client ports of the nodes, in start order (node {@code i} serves the {@code i}-th range of slots). */
    public List<Integer> ports() {
        return List.copyOf(ports);
    }

    private List<Integer> allPorts() {
        List<Integer> all = new ArrayList<>(ports);
        all.addAll(replicaPorts);
        return all;
    }

    /** Starts one cluster-mode redis-server on a free port pair; returns its client port. */
    private int startNode() throws IOException {
        int port = freeNodePort();
        Path nodeDir = Files.createDirectories(dir.resolve(Integer.toString(port)));
        RedisServer server = RedisServer.newRedisServer()
                .port(port)
                .bind(LOOPBACK)
                .setting("cluster-enabled yes")
                .setting("cluster-config-file " + nodeDir.resolve("nodes.conf"))
                .setting("cluster-node-timeout 5000")
                .setting("notify-keyspace-events Ex")
                .setting("dir " + nodeDir)
                .setting("pidfile " + nodeDir.resolve("redis.pid"))
                .setting("save \"\"")
                .setting("appendonly no")
                .setting("protected-mode no")
                .build();
        server.start();
        servers.add(server);
        return port;
    }

    private void assignSlots() throws IOException {
        int n = ports.size();
        for (int i = 0; i < n; i++) {
            int first = SLOTS * i / n;
            int last = SLOTS * (i + 1) / n - 1;
            try (Node node = new Node(ports.get(i))) {
                String reply =
                        node.command("CLUSTER", "ADDSLOTSRANGE", Integer.toString(first), Integer.toString(last));
                if (reply.startsWith("-")) {
                    // Redis before 7.0 has no ADDSLOTSRANGE: every slot named one by one
                    List<String> args = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
                    for (int slot = first; slot <= last; slot++) {
                        args.add(Integer.toString(slot));
                    }
                    expectOk(node.command(args.toArray(String[]::new)), "CLUSTER ADDSLOTS");
                }
            }
        }
    }

    private void join() throws IOException {
        List<Integer> all = allPorts();
        try (Node first = new Node(all.getFirst())) {
            for (int port : all.subList(1, all.size())) {
                expectOk(first.command("CLUSTER", "MEET", LOOPBACK, Integer.toString(port)), "CLUSTER MEET");
            }
        }
    }

    private void awaitReady() throws IOException {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        for (int port : allPorts()) {
            try (Node node = new Node(port)) {
                while (!ready(node.command("CLUSTER", "INFO"))) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException(
                                "Redis Cluster on " + nodes() + " not ok within " + READY_WITHIN);
                    }
                    pause();
                }
            }
        }
    }

    private boolean ready(String info) {
        return info.contains("cluster_state:ok")
                && info.contains("cluster_known_nodes:" + allPorts().size());
    }

    /**
     * Makes replica {@code i} follow master {@code i % masters} ({@code CLUSTER REPLICATE}, asked again until the
     * replica knows the master through the cluster bus), then waits until every replica's link to its master is up.
     */
    private void replicate(int replicasPerMaster) throws IOException {
        if (replicasPerMaster == 0) {
            return;
        }
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        for (int i = 0; i < replicaPorts.size(); i++) {
            String masterId;
            try (Node master = new Node(ports.get(i % ports.size()))) {
                masterId = master.command("CLUSTER", "MYID");
            }
            try (Node replica = new Node(replicaPorts.get(i))) {
                String reply;
                while (!(reply = replica.command("CLUSTER", "REPLICATE", masterId)).startsWith("+OK")) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("CLUSTER REPLICATE failed: " + reply);
                    }
                    pause();
                }
                while (!replica.command("INFO", "replication").contains("master_link_status:up")) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("replica " + replicaPorts.get(i) + " did not sync");
                    }
                    pause();
                }
            }
        }
    }

    /**
     * A graceful failover of the master of {@code replicaPort} ({@code CLUSTER FAILOVER} on the replica): the replica
     * catches up, becomes master of the slots, and the old master its replica. Returns once the replica says it
     * is master.
     */
    public void failOverTo(int replicaPort) throws IOException {
        try (Node replica = new Node(replicaPort)) {
            expectOk(replica.command("CLUSTER", "FAILOVER"), "CLUSTER FAILOVER");
            long deadline = System.nanoTime() + READY_WITHIN.toNanos();
            while (!replica.command("INFO", "replication").contains("role:master")) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("replica " + replicaPort + " was not promoted");
                }
                pause();
            }
        }
    }

    @Override
    public void close() {
        for (RedisServer server : servers) {
            try {
                server.stop();
            } catch (IOException | RuntimeException ignored) {
                // the others are stopped all the same
            }
        }
        EngineFiles.deleteRecursively(dir);
    }

    private static void expectOk(String reply, String what) {
        if (!reply.startsWith("+OK")) {
            throw new IllegalStateException(what + " failed: " + reply);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the cluster formed", e);
        }
    }

    /** A port free with its bus port, neither to be avoided: tried in order from a random one, each at most once. */
    private int freeNodePort() throws IOException {
        int offset = ThreadLocalRandom.current().nextInt(PORT_RANGE);
        for (int tried = 0; tried < PORT_RANGE; tried++) {
            int port = LOWEST_PORT + (offset + tried) % PORT_RANGE;
            if (!allPorts().contains(port)
                    && !portsToAvoid.contains(port)
                    && !portsToAvoid.contains(port + BUS_OFFSET)
                    && free(port)
                    && free(port + BUS_OFFSET)) {
                return port;
            }
        }
        throw new IOException("no free port pair (port, port + " + BUS_OFFSET + ") for a cluster node");
    }

    private static boolean free(int port) {
        try (var socket = new ServerSocket(port, 1, InetAddress.getByName(LOOPBACK))) {
            socket.setReuseAddress(true);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** One connection speaking just enough RESP for the commands above; a reply is its raw text. */
    private static final class Node implements AutoCloseable {

        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;

        Node(int port) throws IOException {
            socket = new Socket();
            socket.connect(new InetSocketAddress(LOOPBACK, port), 2000);
            socket.setSoTimeout(5000);
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream());
        }

        /** Sends one command; returns a status or error line ({@code +OK}, {@code -ERR ...}) or a bulk string. */
        String command(String... args) throws IOException {
            StringBuilder request = new StringBuilder("*").append(args.length).append("\r\n");
            for (String arg : args) {
                request.append('$')
                        .append(arg.getBytes(StandardCharsets.UTF_8).length)
                        .append("\r\n")
                        .append(arg)
                        .append("\r\n");
            }
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            String line = line();
            if (line.startsWith("$")) {
                int length = Integer.parseInt(line.substring(1));
                byte[] body = in.readNBytes(length + 2);
                return new String(body, 0, length, StandardCharsets.UTF_8);
            }
            return line;
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder();
            int c;
            while ((c = in.read()) != '\n') {
                if (c < 0) {
                    throw new IOException("connection closed");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
