package dev.onsale.launcher;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * Where a stack's processes listen: the engines' three ports, each service's API port and actuator port, and the
 * gateway's address. Every process listens on loopback but the gateway, which may be opened to other hosts; every
 * actuator stays on loopback whatever the gateway's address.
 *
 * @param kafkaPort       Kafka broker port (0 = let the engines pick one)
 * @param postgresPort    PostgreSQL port (0 = pick)
 * @param redisPort       Redis port (0 = pick)
 * @param servicePorts    HTTP port of each service (all fixed: the gateway is told where the others are); a service
 *                        missing from the map gets its {@link Service#defaultPort()}
 * @param managementPorts actuator port of each service (health, metrics), always on loopback only; a service missing
 *                        from the map gets its {@link Service#defaultManagementPort()}
 * @param gatewayAddress  the address the gateway listens on: {@value #LOOPBACK} (default) keeps the stack off the
 *                        network; {@code 0.0.0.0} opens the gateway, and only the gateway, to other hosts
 */
public record StackPorts(
        int kafkaPort,
        int postgresPort,
        int redisPort,
        Map<Service, Integer> servicePorts,
        Map<Service, Integer> managementPorts,
        String gatewayAddress) {

    public static final int DEFAULT_KAFKA_PORT = 19092;
    public static final int DEFAULT_POSTGRES_PORT = 15432;
    public static final int DEFAULT_REDIS_PORT = 16379;
    /** Where every process of a local stack listens unless told otherwise. */
    public static final String LOOPBACK = "127.0.0.1";

    public StackPorts {
        requirePort("kafka", kafkaPort, true);
        requirePort("postgres", postgresPort, true);
        requirePort("redis", redisPort, true);
        servicePorts = complete(servicePorts, Service::defaultPort, "");
        managementPorts = complete(managementPorts, Service::defaultManagementPort, " management");
        Objects.requireNonNull(gatewayAddress, "gatewayAddress");
        if (!List.of(LOOPBACK, "0.0.0.0", "::").contains(gatewayAddress)) {
            // the stack reaches its own gateway on loopback (the sandbox's webhooks, the printed URL, the port check):
            // a single other interface would leave loopback without a gateway
            throw new IllegalArgumentException(
                    "the gateway address must be 127.0.0.1 (this machine only) or 0.0.0.0 / :: "
                            + "(every interface), got '" + gatewayAddress + "'");
        }
    }

    /** The documented local ports (see {@code ./onsale help}), every process on loopback. */
    static StackPorts defaults() {
        return new StackPorts(
                DEFAULT_KAFKA_PORT, DEFAULT_POSTGRES_PORT, DEFAULT_REDIS_PORT, Map.of(), Map.of(), LOOPBACK);
    }

    public int port(Service service) {
        return servicePorts.get(service);
    }

    public int managementPort(Service service) {
        return managementPorts.get(service);
    }

    /** The address {@code service} listens on: loopback for all but the gateway, which listens on {@link #gatewayAddress}. */
    public String address(Service service) {
        return service == Service.GATEWAY ? gatewayAddress : LOOPBACK;
    }

    StackPorts withEnginePorts(int kafka, int postgres, int redis) {
        return new StackPorts(kafka, postgres, redis, servicePorts, managementPorts, gatewayAddress);
    }

    StackPorts withServicePorts(Map<Service, Integer> ports) {
        return new StackPorts(kafkaPort, postgresPort, redisPort, ports, managementPorts, gatewayAddress);
    }

    /** The same ports but {@code service}'s API port. */
    StackPorts withServicePort(Service service, int port) {
        var ports = new EnumMap<>(servicePorts);
        ports.put(service, port);
        return withServicePorts(ports);
    }

    StackPorts withManagementPorts(Map<Service, Integer> ports) {
        return new StackPorts(kafkaPort, postgresPort, redisPort, servicePorts, ports, gatewayAddress);
    }

    /** The same ports but {@code service}'s actuator port. */
    StackPorts withManagementPort(Service service, int port) {
        var ports = new EnumMap<>(managementPorts);
        ports.put(service, port);
        return withManagementPorts(ports);
    }

    StackPorts withGatewayAddress(String address) {
        return new StackPorts(kafkaPort, postgresPort, redisPort, servicePorts, managementPorts, address);
    }

    /** Every service and actuator port free at this moment, all distinct; the engines pick their own. */
    StackPorts withFreePorts() {
        var ports = new EnumMap<Service, Integer>(Service.class);
        var management = new EnumMap<Service, Integer>(Service.class);
        Iterator<Integer> free = Ports.free(2 * Service.values().length).iterator();
        for (Service service : Service.values()) {
            ports.put(service, free.next());
            management.put(service, free.next());
        }
        return new StackPorts(0, 0, 0, ports, management, gatewayAddress);
    }

    /** The fixed ports to check before starting, each with what it is for. */
    Map<Integer, String> portsToCheck() {
        var ports = new LinkedHashMap<Integer, String>();
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
        var seen = new HashMap<Integer, String>();
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

    /** A port for every service, from {@code given} or else its default; each must be a fixed port (not 0). */
    private static Map<Service, Integer> complete(
            Map<Service, Integer> given, ToIntFunction<Service> fallback, String what) {
        var ports = new EnumMap<Service, Integer>(Service.class);
        for (Service service : Service.values()) {
            int port = given.getOrDefault(service, fallback.applyAsInt(service));
            requirePort(service.module() + what, port, false);
            ports.put(service, port);
        }
        return Map.copyOf(ports);
    }

    private static void requirePort(String what, int port, boolean zeroAllowed) {
        if (port < (zeroAllowed ? 0 : 1) || port > 65535) {
            throw new IllegalArgumentException(what + " port out of range: " + port);
        }
    }
}
