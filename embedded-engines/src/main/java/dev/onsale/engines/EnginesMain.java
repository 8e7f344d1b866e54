package dev.onsale.engines;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * The engines process of a local stack: starts Kafka, PostgreSQL and Redis, announces them through the
 * ready file and runs until SIGTERM/SIGINT, when it stops all three (no postgres or redis-server outlives it).
 * <p>
 * Arguments: {@code --kafka-port= --postgres-port= --redis-port=} (defaults 19092, 15432, 16379; 0 = free),
 * {@code --kafka-brokers=K} (default 1), {@code --redis-cluster=M} (M masters of a Redis Cluster on free ports
 * instead of the one server; default 0), {@code --work-dir=} (default .onsale/engines), {@code --ready-file=}
 * (optional). The ready file is written atomically once everything answers; it is a properties file with the
 * ONSALE_* environment of the services plus {@code pid}, {@code postgresPid}, {@code redisPid} and, for a cluster,
 * {@code redisClusterPids} (comma-separated).
 */
public final class EnginesMain {

    /** The directory under the work dir where fault requests are dropped (see {@link EngineControl}). */
    public static final String CONTROL = "control";

    private EnginesMain() {}

    public static void main(String[] args) throws Exception {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "onsale-engines-logback.xml");
        }
        Map<String, String> options = parse(args);
        var defaults = EnginePorts.LOCAL_DEFAULTS;
        var ports = new EnginePorts(
                intOption(options, "kafka-port", defaults.kafka()),
                intOption(options, "postgres-port", defaults.postgres()),
                intOption(options, "redis-port", defaults.redis()));
        Path workDir = Path.of(options.getOrDefault("work-dir", ".onsale/engines"));
        Path readyFile = options.containsKey("ready-file") ? Path.of(options.get("ready-file")) : null;

        long started = System.nanoTime();
        var topology = new Topology(
                intOption(options, "kafka-brokers", 1),
                intOption(options, "redis-cluster", 0),
                portsOption(options, "avoid-ports"));
        EmbeddedEngines engines = EmbeddedEngines.start(ports, workDir, topology);
        var control = new AtomicReference<Thread>();
        Runnable stop = () -> {
            Thread obeying = control.get();
            if (obeying != null) {
                obeying.interrupt();
            }
            engines.close();
            if (readyFile != null) {
                try {
                    Files.deleteIfExists(readyFile);
                } catch (IOException ignored) {
                    // the supervisor treats a stale ready file of a dead pid as gone
                }
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "onsale-engines-stop"));
        // Stop before the JVM's shutdown hooks run: the broker's own hooks delete its log dirs, and closing
        // it after that fills the log with errors.
        for (String signal : new String[] {"TERM", "INT"}) {
            sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> {
                stop.run();
                System.exit(0);
            });
        }
        if (readyFile != null) {
            writeAtomically(readyFile, readyProperties(engines));
        }
        System.out.printf(
                "onsale engines ready in %d ms: %s%n",
                (System.nanoTime() - started) / 1_000_000, engines.environment());
        control.set(Thread.ofVirtual()
                .name("onsale-engines-control")
                .start(new EngineControl(workDir.resolve(CONTROL), engines)::obey));
        new CountDownLatch(1).await();
    }

    static Properties readyProperties(EmbeddedEngines engines) {
        var properties = new Properties();
        properties.putAll(engines.environment());
        properties.setProperty("pid", String.valueOf(ProcessHandle.current().pid()));
        properties.setProperty("postgresPid", String.valueOf(engines.postgresPid()));
        properties.setProperty("redisPid", String.valueOf(engines.redisPid()));
        if (!engines.redisClusterPids().isEmpty()) {
            properties.setProperty(
                    "redisClusterPids",
                    engines.redisClusterPids().stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        return properties;
    }

    static void writeAtomically(Path target, Properties properties) {
        try {
            Path dir = target.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, target.getFileName().toString(), ".tmp");
            var text = new StringWriter();
            properties.store(text, "onsale engines");
            Files.writeString(tmp, text.toString(), StandardCharsets.ISO_8859_1);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A comma-separated list of ports ({@code --avoid-ports=20001,20002}); none when the option is absent. */
    static Set<Integer> portsOption(Map<String, String> options, String name) {
        String value = options.getOrDefault(name, "").strip();
        if (value.isEmpty()) {
            return Set.of();
        }
        Set<Integer> ports = new HashSet<>();
        for (String port : value.split(",")) {
            try {
                ports.add(Integer.parseInt(port.strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + " must list port numbers, got " + value, e);
            }
        }
        return ports;
    }

    static Map<String, String> parse(String[] args) {
        var options = new HashMap<String, String>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("expected --name=value, got: " + arg);
            }
            int eq = arg.indexOf('=');
            options.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        return options;
    }

    private static int intOption(Map<String, String> options, String name, int fallback) {
        String value = options.get(name);
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a number, got: " + value);
        }
    }
}
