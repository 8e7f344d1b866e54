package dev.onsale.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The command-line options of {@code ./onsale up} (and {@code down}, which reads {@code --state-dir}), each
 * {@code --name=value}, applied in order over a base configuration; {@link OnsaleLauncher#usage()} documents them. A
 * wrong one fails with an {@link IllegalArgumentException} that names it.
 */
final class UpOptions {

    private UpOptions() {}

    /**
     * {@code base} with {@code args} applied: {@code --<gateway|queue|inventory|booking|payment|sandbox>-port=N},
     * {@code --<same>-management-port=N}, {@code --<kafka|postgres|redis>-port=N} (0 = any free port),
     * {@code --kafka-brokers=K}, {@code --redis-cluster=M} (masters; 0 = one server), {@code --replicas=N},
     * {@code --gateway-address=IP}, {@code --timeout=SECONDS}, {@code --jvm-opts="..."},
     * {@code --gateway-jvm-opts="..."}, {@code --state-dir=PATH}.
     */
    static StackConfig apply(StackConfig base, List<String> args) {
        var config = base;
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException(
                        "unknown argument: " + arg + " (options look like --name=value; see ./onsale help)");
            }
            String name = arg.substring(2, arg.indexOf('='));
            String value = arg.substring(arg.indexOf('=') + 1);
            config = apply(config, name, value);
        }
        return config;
    }

    private static StackConfig apply(StackConfig config, String name, String value) {
        StackPorts ports = config.ports();
        return switch (name) {
            case "kafka-port" -> config.withEnginePorts(port(name, value), ports.postgresPort(), ports.redisPort());
            case "postgres-port" -> config.withEnginePorts(ports.kafkaPort(), port(name, value), ports.redisPort());
            case "redis-port" -> config.withEnginePorts(ports.kafkaPort(), ports.postgresPort(), port(name, value));
            case "kafka-brokers" ->
                config.withEngineShape(new EngineShape(
                        positive(name, value), config.engineShape().redisMasters()));
            case "redis-cluster" ->
                config.withEngineShape(new EngineShape(config.engineShape().kafkaBrokers(), number(name, value)));
            case "replicas" -> config.withReplicas(positive(name, value));
            case "timeout" -> config.withReadinessTimeout(Duration.ofSeconds(positive(name, value)));
            case "jvm-opts" -> config.withServiceJvmOptions(options(value));
            case "gateway-jvm-opts" -> config.withGatewayJvmOptions(options(value));
            case "state-dir" ->
                config.withStateDir(Path.of(value).toAbsolutePath().normalize());
            case "gateway-address" -> config.withGatewayAddress(value.trim());
            default -> {
                Optional<Service> management = serviceOf(name, "-management-port");
                if (management.isPresent()) {
                    yield config.withPorts(ports.withManagementPort(management.get(), port(name, value)));
                }
                Service service = serviceOf(name, "-port")
                        .orElseThrow(() ->
                                new IllegalArgumentException("unknown option: --" + name + " (see ./onsale help)"));
                yield config.withPorts(ports.withServicePort(service, port(name, value)));
            }
        };
    }

    /** The service whose option is {@code name}: {@code --<service's option><suffix>}. */
    private static Optional<Service> serviceOf(String name, String suffix) {
        return Arrays.stream(Service.values())
                .filter(s -> name.equals(s.option() + suffix))
                .findFirst();
    }

    private static List<String> options(String value) {
        return value.isBlank() ? List.of() : Arrays.asList(value.trim().split("\\s+"));
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
}
