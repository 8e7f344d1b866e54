package dev.onsale.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How the stack's processes are run and waited for: the java executable and JVM options of each kind of process,
 * the extra environment of every service, and how long a process may take to start and to stop.
 *
 * @param java               java executable for every child process
 * @param serviceJvmOptions  JVM options of each service process but the gateway and the hot path's
 * @param hotPathJvmOptions  JVM options of the services every buyer's burst reaches: queue-service (joins, status)
 *                           and inventory-service (holds)
 * @param gatewayJvmOptions  JVM options of the gateway
 * @param enginesJvmOptions  JVM options of the engines process
 * @param enginesTimeout     how long the engines may take to become ready
 * @param readinessTimeout   how long the services may take to answer 200 on /actuator/health/readiness
 * @param stopGrace          how long a process may take to exit after SIGTERM before it is killed
 * @param serviceEnvironment extra environment variables of every service process (e.g. ONSALE_* settings), applied
 *                           over the inherited environment and under the stack's own wiring
 * @param engineShape        how many Kafka brokers, and a Redis server or cluster
 * @param replicas           how many processes of each service behind the gateway (queue, inventory, booking,
 *                           payment); the gateway and the payment sandbox are always one
 */
public record ProcessSettings(
        Path java,
        List<String> serviceJvmOptions,
        List<String> hotPathJvmOptions,
        List<String> gatewayJvmOptions,
        List<String> enginesJvmOptions,
        Duration enginesTimeout,
        Duration readinessTimeout,
        Duration stopGrace,
        Map<String, String> serviceEnvironment,
        EngineShape engineShape,
        int replicas) {

    /**
     * C1 only: on a 2-core laptop the stack is up in ~35 s instead of ~60 s with the full JIT, and these services
     * (booking, payment, the payment sandbox) answer few requests each under the waiting room's protocol. Production
     * images set their own flags.
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

    /**
     * The full JIT, the parallel collector and twice the heap for the two services every buyer of a burst reaches at
     * once: queue-service (joins, status) and inventory-service (holds). Measured on 2 cores with {@code bench holds}
     * (5,000 holds at once, sent by wrk), run after run on a fresh stack: 905, 1,077 and 1,060 holds a second with the
     * services' C1-only code, 384 MB and the serial collector; 777, 951, 1,299 and 1,409 with these (the full JIT
     * compiles through the first runs). With 2,000 holds in flight inventory-service's heap grew by about 250 MB: in
     * 384 MB it ran back-to-back full collections of 0.2-0.4 s each through the burst.
     */
    static final List<String> HOT_PATH_JVM_OPTIONS =
            List.of("-Xms256m", "-Xmx768m", "-XX:+UseParallelGC", "-Xss512k", "-XX:+ExitOnOutOfMemoryError");

    static final List<String> ENGINES_JVM_OPTIONS =
            List.of("-Xms64m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError");

    public ProcessSettings {
        serviceJvmOptions = List.copyOf(serviceJvmOptions);
        hotPathJvmOptions = List.copyOf(hotPathJvmOptions);
        gatewayJvmOptions = List.copyOf(gatewayJvmOptions);
        serviceEnvironment = Map.copyOf(serviceEnvironment);
        enginesJvmOptions = List.copyOf(enginesJvmOptions);
        Objects.requireNonNull(engineShape, "engineShape");
        if (replicas < 1) {
            throw new IllegalArgumentException("--replicas must be at least 1, got " + replicas);
        }
    }

    /**
     * The documented local defaults: the launcher's own java, the JVM options above, 120 s for the engines, 180 s
     * for the services' readiness, 20 s to stop, no extra environment.
     */
    static ProcessSettings defaults() {
        return new ProcessSettings(
                currentJava(),
                SERVICE_JVM_OPTIONS,
                HOT_PATH_JVM_OPTIONS,
                GATEWAY_JVM_OPTIONS,
                ENGINES_JVM_OPTIONS,
                Duration.ofSeconds(120),
                Duration.ofSeconds(180),
                Duration.ofSeconds(20),
                Map.of(),
                EngineShape.SINGLE,
                1);
    }

    /** The JVM options of {@code service}'s process. */
    public List<String> jvmOptionsOf(Service service) {
        return switch (service) {
            case GATEWAY -> gatewayJvmOptions;
            case QUEUE, INVENTORY -> hotPathJvmOptions;
            default -> serviceJvmOptions;
        };
    }

    ProcessSettings withServiceJvmOptions(List<String> options) {
        return new ProcessSettings(
                java,
                options,
                options,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                serviceEnvironment,
                engineShape,
                replicas);
    }

    ProcessSettings withGatewayJvmOptions(List<String> options) {
        return new ProcessSettings(
                java,
                serviceJvmOptions,
                hotPathJvmOptions,
                options,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                serviceEnvironment,
                engineShape,
                replicas);
    }

    ProcessSettings withReadinessTimeout(Duration timeout) {
        return new ProcessSettings(
                java,
                serviceJvmOptions,
                hotPathJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                timeout,
                stopGrace,
                serviceEnvironment,
                engineShape,
                replicas);
    }

    ProcessSettings withServiceEnvironment(Map<String, String> environment) {
        return new ProcessSettings(
                java,
                serviceJvmOptions,
                hotPathJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                environment,
                engineShape,
                replicas);
    }

    ProcessSettings withEngineShape(EngineShape shape) {
        return new ProcessSettings(
                java,
                serviceJvmOptions,
                hotPathJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                serviceEnvironment,
                shape,
                replicas);
    }

    ProcessSettings withReplicas(int count) {
        return new ProcessSettings(
                java,
                serviceJvmOptions,
                hotPathJvmOptions,
                gatewayJvmOptions,
                enginesJvmOptions,
                enginesTimeout,
                readinessTimeout,
                stopGrace,
                serviceEnvironment,
                engineShape,
                count);
    }

    /** The java executable running this launcher, so that every child runs on the same JDK. */
    static Path currentJava() {
        return ProcessHandle.current()
                .info()
                .command()
                .map(Path::of)
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java"));
    }
}
