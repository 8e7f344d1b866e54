package dev.onsale.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything needed to start a stack.
 *
 * @param repoRoot         where {@code <module>/target/*.jar} are found
 * @param stateDir         holds {@code stack.pids} and {@code runs/<timestamp>/} (logs, engine data)
 * @param version          artifact version of the jars
 * @param kafkaPort        Kafka broker port (0 = let the engines pick one)
 * @param postgresPort     PostgreSQL port (0 = pick)
 * @param redisPort        Redis port (0 = pick)
 * @param servicePorts     HTTP port of each service (all fixed: the gateway is told where the others are)
 * @param java             java executable for every child process
 * @param serviceJvmOptions JVM options of each service process but the gateway
 * @param gatewayJvmOptions JVM options of the gateway
 * @param enginesJvmOptions JVM options of the engines process
 * @param enginesTimeout   how long the engines may take to become ready
 * @param readinessTimeout how long the services may take to answer 200 on /actuator/health/readiness
 * @param stopGrace        how long a process may take to exit after SIGTERM before it is killed
 * @param adminToken       operators' bearer token
 * @param auditorToken     auditors' bearer token
 * @param sessionKey       HMAC key of session tokens (at least 32 bytes)
 * @param admissionKey     HMAC key of admission tokens, shared by queue-service and the gateway (at least 32 bytes)
 * @param serviceEnvironment extra environment variables of every service process (e.g. ONSALE_* settings),
 *                         applied over the inherited environment and under the stack's own wiring
 * @param managementPorts  actuator port of each service (health, metrics), always on loopback only
 * @param gatewayAddress   the address the gateway listens on: {@value #LOOPBACK} (default) keeps the stack off the
 *                         network; {@code 0.0.0.0} opens the gateway, and only the gateway, to other hosts
 * @param identityKey      HMAC key the gateway signs forwarded identities with and the services verify (at least
 *                         32 bytes); nothing else holds it
 */
public record StackConfig(
        Path repoRoot,
        Path stateDir,
        String version,
        int kafkaPort,
        int postgresPort,
        int redisPort,
        Map<Service, Integer> servicePorts,
        Path java,
        List<String> serviceJvmOptions,
        List<String> gatewayJvmOptions,
        List<String> enginesJvmOptions,
        Duration enginesTimeout,
        Duration readinessTimeout,
        Duration stopGrace,
        String adminToken,
        String auditorToken,
        String sessionKey,
        String admissionKey,
        Map<String, String> serviceEnvironment,
        Map<Service, Integer> managementPorts,
        String gatewayAddress,
        String identityKey) {

    public static final String VERSION = "0.1.0-SNAPSHOT";
    public static final int DEFAULT_KAFKA_PORT = 19092;
    public static final int DEFAULT_POSTGRES_PORT = 15432;
    public static final int DEFAULT_REDIS_PORT = 16379;
    /** Where every process of a local stack listens unless told otherwise. */
    public static final String LOOPBACK = "127.0.0.1";

    static final String LOCAL_ADMIN_TOKEN = "local-admin-token";
    static final String LOCAL_AUDITOR_TOKEN = "local-auditor-token";
    /**
     * C1 only: on a 2-core laptop the stack is up in ~35 s instead of ~60 s with the full JIT, and the
     * services answer few requests each under the waiting room's protocol. Production images set their own flags.
     */
    static final List<String> SERVICE_JVM_OPTIONS = List.of(
            "-Xms64m",
            "-Xmx384m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-Xss512k",
            "-XX:+ExitOnOutOfMemoryError");
    /**
     * The full JIT (C1, then C2): the gateway carries every request of every buyer, and once warm its CPU per
     * forwarded request is less than half of what C1-only code costs (measured: 0.40 against 0.92 ms of CPU per
     * status poll, 0.13 against 0.36 ms per progress document, on 2 cores). A heap of its own size and the
     * parallel collector: it holds every buyer's connection at the arrival, and with the services' 384 MB and the
     * serial collector it stood still in GC for about 8 s per {@code bench sale} (young pauses of 76 ms on
     * average, full ones of 0.5-0.9 s in the arrival), against about 4 s with these.
     */
    static final List<String> GATEWAY_JVM_OPTIONS =
            List.of("-Xms512m", "-Xmx1g", "-XX:+UseParallelGC", "-Xss512k", "-XX:+ExitOnOutOfMemoryError");

    static final List<String> ENGINES_JVM_OPTIONS =
            List.of("-Xms64m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError");

    public StackConfig {
        Objects.requireNonNull(repoRoot, "repoRoot");
        Objects.requireNonNull(stateDir, "stateDir");
        requirePort("kafka", kafkaPort, true);
        requirePort("postgres", postgresPort, true);
        requirePort("redis", redisPort, true);
        var ports = new EnumMap<Service, Integer>(Service.class);
        for (Service service : Service.values()) {
            int port = servicePorts.getOrDefault(service, service.defaultPort());
            requirePort(service.module(), port, false);
            ports.put(service, port);
        }
        servicePorts = Map.copyOf(ports);
        var management = new EnumMap<Service, Integer>(Service.class);
        for (Service service : Service.values()) {
            int port = managementPorts.getOrDefault(service, service.defaultManagementPort());
            requirePort(service.module() + " management", port, false);
            management.put(service, port);
        }
        managementPorts = Map.copyOf(management);
        Objects.requireNonNull(gatewayAddress, "gatewayAddress");
        if (!List.of(LOOPBACK, "0.0.0.0", "::").contains(gatewayAddress)) {
            // the stack reaches its own gateway on loopback (the sandbox's webhooks, the printed URL, the port check):
            // a single other interface would leave loopback without a gateway
            throw new IllegalArgumentException(
                    "the gateway address must be 127.0.0.1 (this machine only) or 0.0.0.0 / :: "
                            + "(every interface), got '" + gatewayAddress + "'");
        }
        serviceJvmOptions = List.copyOf(serviceJvmOptions);
        gatewayJvmOptions = List.copyOf(gatewayJvmOptions);
        serviceEnvironment = Map.copyOf(serviceEnvironment);
        enginesJvmOptions = List.copyOf(enginesJvmOptions);
        if (sessionKey.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new IllegalArgumentException("the session key must have at least 32 bytes");
        }
        if (admissionKey.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new IllegalArgumentException("the admission key must have at least 32 bytes");
        }
        if (identityKey.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new IllegalArgumentException("the identity key must have at least 32 bytes");
        }
    }

    /**
     * The documented local defaults; tokens, session, admission and identity key from {@code env} when set there
     * (each key random per stack otherwise).
     */
    public static StackConfig defaults(Path repoRoot, Map<String, String> env) {
        return new StackConfig(
                repoRoot.toAbsolutePath().normalize(),
                repoRoot.toAbsolutePath().normalize().resolve(".onsale"),
                VERSION,
                DEFAULT_KAFKA_PORT,
                DEFAULT_POSTGRES_PORT,
                DEFAULT_REDIS_PORT,
                Map.of(),
                currentJava(),
                SERVICE_JVM_OPTIONS,
                GATEWAY_JVM_OPTIONS,
                ENGINES_JVM_OPTIONS,
                Duration.ofSeconds(120),
                Duration.ofSeconds(180),
                Duration.ofSeconds(20),
                nonBlank(env.get("ONSALE_ADMIN_TOKEN")).orElse(LOCAL_ADMIN_TOKEN),
                nonBlank(env.get("ONSALE_AUDITOR_TOKEN")).orElse(LOCAL_AUDITOR_TOKEN),
                nonBlank(env.get("ONSALE_SESSION_KEY")).orElseGet(SessionKeys::random),
                nonBlank(env.get("ONSALE_ADMISSION_KEY")).orElseGet(SessionKeys::random),
                Map.of(),
                Map.of(),
                LOOPBACK,
                nonBlank(env.get("ONSALE_IDENTITY_KEY")).orElseGet(SessionKeys::random));
    }

    /**
     * Applies {@code up}'s options to {@code base}: {@code --<gateway|queue|inventory|booking|payment|kafka|postgres|redis>-port=N},
     * {@code --timeout=SECONDS}, {@code --jvm-opts="..."}, {@code --gateway-jvm-opts="..."}, {@code --state-dir=PATH}.
     */
    public static StackConfig parse(StackConfig base, List<String> args) {
        var config = base;
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException(
                        "unknown argument: " + arg + " (options look like --name=value; see ./onsale help)");
            }
            String name = arg.substring(2, arg.indexOf('='));
            String value = arg.substring(arg.indexOf('=') + 1);
            config = switch (name) {
                case "kafka-port" -> config.withEnginePorts(port(name, value), config.postgresPort, config.redisPort);
                case "postgres-port" -> config.withEnginePorts(config.kafkaPort, port(name, value), config.redisPort);
                case "redis-port" -> config.withEnginePorts(config.kafkaPort, config.postgresPort, port(name, value));
                case "timeout" -> config.withReadinessTimeout(Duration.ofSeconds(positive(name, value)));
                case "jvm-opts" -> config.withServiceJvmOptions(options(value));
                case "gateway-jvm-opts" -> config.withGatewayJvmOptions(options(value));
                case "state-dir" ->
                    config.withStateDir(Path.of(value).toAbsolutePath().normalize());
                case "gateway-address" -> config.withGatewayAddress(value.trim());
                default -> {
                    var management = Arrays.stream(Service.values())
                            .filter(s -> name.equals(s.option() + "-management-port"))
                            .findFirst();
                    if (management.isPresent()) {
                        var ports = new EnumMap<>(config.managementPorts);
                        ports.put(management.get(), port(name, value));
                        yield config.withManagementPorts(ports);
                    }
                    Service service = Arrays.stream(Service.values())
                            .filter(s -> name.equals(s.option() + "-port"))
                            .findFirst()
                            .orElseThrow(() ->
                                    new IllegalArgumentException("unknown option: --" + name + " (see ./onsale help)"));
                    var ports = new EnumMap<>(config.servicePorts);
                    ports.put(service, port(name, value));
                    yield config.withServicePorts(ports);
                }
            };
        }
        return config;
    }

    /** The same configuration with every port free at this moment (engines pick their own). */
    public StackConfig withFreePorts() {
        var ports = new EnumMap<Service, Integer>(Service.class);
        var management = new EnumMap<Service, Integer>(Service.class);
        Iterator<Integer> free = freePorts(2 * Service.values().length).iterator();
        for (Service service : Service.values()) {
            ports.put(service, free.next());
            management.put(service, free.next());
        }
        return withEnginePorts(0, 0, 0).withServicePorts(ports).withManagementPorts(management);
    }

    public StackConfig withManagementPorts(Map<Service, Integer> ports) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                servicePorts,
                java,
                serviceJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                ports,
                gatewayAddress,
                identityKey);
    }

    /** The same configuration with the gateway listening on {@code address} ({@code 0.0.0.0}: every interface). */
    public StackConfig withGatewayAddress(String address) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                servicePorts,
                java,
                serviceJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                managementPorts,
                address,
                identityKey);
    }

    /** The address {@code service} listens on: loopback for all but the gateway, which listens on {@link #gatewayAddress}. */
    public String address(Service service) {
        return service == Service.GATEWAY ? gatewayAddress : LOOPBACK;
    }

    public int managementPort(Service service) {
        return managementPorts.get(service);
    }

    public StackConfig withEnginePorts(int kafka, int postgres, int redis) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafka,
                postgres,
                redis,
                servicePorts,
                java,
                serviceJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                managementPorts,
                gatewayAddress,
                identityKey);
    }

    public StackConfig withServicePorts(Map<Service, Integer> ports) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                ports,
                java,
                serviceJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                managementPorts,
                gatewayAddress,
                identityKey);
    }

    public StackConfig withStateDir(Path dir) {
        return new StackConfig(
                repoRoot,
                dir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                servicePorts,
                java,
                serviceJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                managementPorts,
                gatewayAddress,
                identityKey);
    }

    public StackConfig withReadinessTimeout(Duration timeout) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                servicePorts,
                java,
                serviceJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                timeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                managementPorts,
                gatewayAddress,
                identityKey);
    }

    public StackConfig withServiceJvmOptions(List<String> options) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                servicePorts,
                java,
                options,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                managementPorts,
                gatewayAddress,
                identityKey);
    }

    /** The same configuration with these JVM options for the gateway. */
    public StackConfig withGatewayJvmOptions(List<String> options) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                servicePorts,
                java,
                serviceJvmOptions,
                options,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                serviceEnvironment,
                managementPorts,
                gatewayAddress,
                identityKey);
    }

    /** The JVM options of {@code service}'s process. */
    public List<String> jvmOptionsOf(Service service) {
        return service == Service.GATEWAY ? gatewayJvmOptions : serviceJvmOptions;
    }

    private static List<String> options(String value) {
        return value.isBlank() ? List.of() : Arrays.asList(value.trim().split("\\s+"));
    }

    /** The same configuration giving every service process these environment variables as well. */
    public StackConfig withServiceEnvironment(Map<String, String> environment) {
        return new StackConfig(
                repoRoot,
                stateDir,
                version,
                kafkaPort,
                postgresPort,
                redisPort,
                servicePorts,
                java,
                serviceJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                adminToken,
                auditorToken,
                sessionKey,
                admissionKey,
                environment,
                managementPorts,
                gatewayAddress,
                identityKey);
    }

    public int port(Service service) {
        return servicePorts.get(service);
    }

    /** The fixed ports to check before starting, each with what it is for. */
    Map<Integer, String> portsToCheck() {
        var ports = new java.util.LinkedHashMap<Integer, String>();
        for (Service service : Service.values()) {
            ports.put(port(service), service.module());
            ports.put(managementPort(service), service.module() + " management");
        }
        if (kafkaPort != 0) {
            ports.put(kafkaPort, "kafka");
        }
        if (postgresPort != 0) {
            ports.put(postgresPort, "postgres");
        }
        if (redisPort != 0) {
            ports.put(redisPort, "redis");
        }
        return ports;
    }

    /** Every port that is given twice, as a message; empty when all differ. */
    Optional<String> duplicatePorts() {
        List<String> clashes = new ArrayList<>();
        var seen = new java.util.HashMap<Integer, String>();
        var all = new ArrayList<Map.Entry<Integer, String>>();
        for (Service service : Service.values()) {
            all.add(Map.entry(port(service), service.module()));
            all.add(Map.entry(managementPort(service), service.module() + " management"));
        }
        all.add(Map.entry(kafkaPort, "kafka"));
        all.add(Map.entry(postgresPort, "postgres"));
        all.add(Map.entry(redisPort, "redis"));
        for (var entry : all) {
            if (entry.getKey() == 0) {
                continue;
            }
            String previous = seen.putIfAbsent(entry.getKey(), entry.getValue());
            if (previous != null) {
                clashes.add("port " + entry.getKey() + " is given to both " + previous + " and " + entry.getValue());
            }
        }
        return clashes.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", clashes));
    }

    static Path currentJava() {
        return ProcessHandle.current()
                .info()
                .command()
                .map(Path::of)
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    static int freePort() {
        return freePorts(1).getFirst();
    }

    /**
     * {@code count} distinct ports free on loopback now: each socket stays bound until all are found, so that the
     * system cannot hand one port out twice (one port for two services failed a stack's start).
     */
    static List<Integer> freePorts(int count) {
        var sockets = new ArrayList<ServerSocket>(count);
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing a listening socket that was never used
                }
            }
        }
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    private static int port(String option, String value) {
        int port = number(option, value);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--" + option + " must be between 0 and 65535, got " + value);
        }
        return port;
    }

    private static int positive(String option, String value) {
        int n = number(option, value);
        if (n <= 0) {
            throw new IllegalArgumentException("--" + option + " must be positive, got " + value);
        }
        return n;
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + option + " must be a number, got '" + value + "'");
        }
    }

    private static void requirePort(String what, int port, boolean zeroAllowed) {
        if (port < (zeroAllowed ? 0 : 1) || port > 65535) {
            throw new IllegalArgumentException(what + " port out of range: " + port);
        }
    }
}
