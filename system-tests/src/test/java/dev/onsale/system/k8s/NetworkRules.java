package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Cluster.NAMESPACE;
import static dev.onsale.system.k8s.Cluster.SANDBOX;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.containers;
import static dev.onsale.system.k8s.Nodes.integer;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.podLabels;
import static dev.onsale.system.k8s.Nodes.text;

import dev.onsale.launcher.Service;
import java.net.URI;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/** Flows, judged by evaluating the NetworkPolicies for pairs of peers, as the cluster would. */
final class NetworkRules {
    private static final String INTERNET = "203.0.113.7";
    private static final String PRIVATE_ADDRESS = "10.1.2.3";

    private final Build build;
    private final Map<String, ServiceFacts> facts;
    private final Consumer<String> reporter;
    private final Network network;
    private final Map<String, Peer> pods = new TreeMap<>();

    /** {@code reporter} takes the violations, as {@link Rules} reports them for the whole build. */
    NetworkRules(Build build, Map<String, ServiceFacts> facts, Consumer<String> reporter) {
        this.build = build;
        this.facts = facts;
        this.reporter = reporter;
        this.network = new Network(build.all("NetworkPolicy"));
    }

    private void report(String message) {
        reporter.accept(message);
    }

    void check() {
        for (Manifest d : build.all("Deployment")) {
            Map<String, Integer> ports = new LinkedHashMap<>();
            containers(d)
                    .forEach(c -> list(node(c, "ports"))
                            .forEach(p -> ports.put(text(node(p, "name")), integer(node(p, "containerPort")))));
            pods.put(d.name(), Peer.pod(NAMESPACE, podLabels(d), ports));
        }
        boolean defaultDeny = build.all("NetworkPolicy").stream().anyMatch(p -> {
            Map<String, Object> spec = at(p.doc(), "spec");
            return map(spec.get("podSelector")).isEmpty()
                    && spec.get("podSelector") != null
                    && list(spec.get("policyTypes")).containsAll(List.of("Ingress", "Egress"))
                    && list(spec.get("ingress")).isEmpty()
                    && list(spec.get("egress")).isEmpty();
        });
        if (!defaultDeny) {
            report("no default-deny NetworkPolicy (every pod, Ingress and Egress, no rule)");
        }
        inside();
        fromOutside();
        toOutside();
    }

    private Set<String> expectedFlows() {
        Set<String> flows = new TreeSet<>();
        for (Service backend : List.of(Service.QUEUE, Service.INVENTORY, Service.BOOKING, Service.PAYMENT)) {
            flows.add(GATEWAY + " -> " + backend.module());
        }
        if (build.profile() == Profile.STAGING) {
            flows.add("payment-service -> " + SANDBOX);
            flows.add(SANDBOX + " -> " + GATEWAY);
        }
        return flows;
    }

    private static String need(boolean wanted) {
        return wanted ? "the flow needs it" : "the flow has no such call";
    }

    private void inside() {
        Set<String> expected = expectedFlows();
        pods.forEach((source, from) -> pods.forEach((target, to) -> {
            if (source.equals(target)) {
                return;
            }
            to.ports().forEach((portName, port) -> {
                boolean wanted = "http".equals(portName) && expected.contains(source + " -> " + target);
                boolean entrance = target.equals(GATEWAY) && "http".equals(portName);
                // Each side on its own: a rule one side opens beyond the flow is a defect even while the
                // other side still blocks it.
                boolean egress = network.egress(from, to, port, "TCP");
                boolean ingress = network.ingress(to, from, port, "TCP");
                if (egress != wanted) {
                    report(source + " -> " + target + ":" + port + ": the egress of " + source + " "
                            + (egress ? "allows" : "denies") + " it; " + need(wanted));
                }
                if (ingress != wanted && !(ingress && entrance)) {
                    report(source + " -> " + target + ":" + port + ": the ingress of " + target + " "
                            + (ingress ? "allows" : "denies") + " it; " + need(wanted));
                }
            });
        }));
    }

    private void fromOutside() {
        List<Peer> strangers = List.of(
                Peer.address(INTERNET),
                Peer.pod("ingress-nginx", Map.of(), Map.of()),
                Peer.pod("kafka", Map.of(), Map.of()));
        Peer monitoring = Peer.pod("monitoring", Map.of(), Map.of());
        pods.forEach((name, pod) -> pod.ports().forEach((portName, port) -> {
            boolean entrance = name.equals(GATEWAY) && "http".equals(portName);
            for (Peer stranger : strangers) {
                if (network.ingress(pod, stranger, port, "TCP") != entrance) {
                    report(name + ":" + port + (entrance ? " is not" : " is")
                            + " reachable from outside the namespace (" + stranger.describe()
                            + "); only the gateway's http port is");
                }
            }
            boolean scrape = network.ingress(pod, monitoring, port, "TCP");
            if ("management".equals(portName) && !scrape) {
                report("Prometheus (namespace monitoring) cannot scrape " + name + ":" + port);
            } else if (!"management".equals(portName) && scrape && !entrance) {
                report(name + ":" + port + " is reachable from namespace monitoring, "
                        + "which may scrape the management port only");
            }
        }));
    }

    private void toOutside() {
        Peer dns = Peer.pod("kube-system", Map.of("k8s-app", "kube-dns"), Map.of());
        // Where each engine is, as the services using it are told (the ConfigMap, resolved per container).
        Map<Engine, Set<Endpoint>> engines = new EnumMap<>(Engine.class);
        pods.forEach((name, pod) -> {
            if (!network.egress(pod, dns, 53, "UDP") || !network.egress(pod, dns, 53, "TCP")) {
                report(name + " cannot reach DNS (kube-dns, port 53 UDP and TCP)");
            }
            Map<String, Object> container = containers(
                            build.find("Deployment", name).orElseThrow())
                    .stream()
                    .findFirst()
                    .map(Nodes::map)
                    .orElse(Map.of());
            for (Engine engine : Engine.values()) {
                for (Endpoint endpoint : endpoints(name, engine, container)) {
                    engines.computeIfAbsent(engine, e -> new LinkedHashSet<>()).add(endpoint);
                    if (!network.egress(pod, endpoint.peer(), endpoint.port(), "TCP")) {
                        report(name + " cannot reach its " + engine.label() + " at " + endpoint);
                    }
                }
            }
            boolean provider = build.profile().realAcquirer && name.equals("payment-service");
            if (network.egress(pod, Peer.address(INTERNET), 443, "TCP") != provider) {
                report(
                        provider
                                ? "payment-service cannot reach the acquirer (https on the internet)"
                                : name + " may reach the internet");
            }
            if (network.egress(pod, Peer.address(PRIVATE_ADDRESS), 443, "TCP")) {
                report(name + " may reach private addresses outside the cluster's Services");
            }
        });
        pods.forEach((name, pod) -> engines.forEach((engine, endpoints) -> {
            ServiceFacts service = facts.get(name);
            boolean uses = service != null && service.engines().contains(engine);
            for (Endpoint endpoint : endpoints) {
                if (!uses && network.egress(pod, endpoint.peer(), endpoint.port(), "TCP")) {
                    report(name + " may reach " + engine.label() + " (" + endpoint + "), which it does not use");
                }
            }
        }));
    }

    private List<Endpoint> endpoints(String module, Engine engine, Map<String, Object> container) {
        Map<String, Object> entry = list(container.get("env")).stream()
                .map(Nodes::map)
                .filter(e -> engine.endpoint.equals(e.get("name")))
                .findFirst()
                .orElse(null);
        if (entry == null) {
            return List.of();
        }
        Map<String, Object> ref = at(entry, "valueFrom", "configMapKeyRef");
        String value = entry.containsKey("value")
                ? text(entry.get("value"))
                : build.find("ConfigMap", text(ref.get("name")))
                        .map(cm -> text(at(cm.doc(), "data").get(text(ref.get("key")))))
                        .orElse(null);
        if (value == null) {
            return List.of();
        }
        List<Endpoint> endpoints = new ArrayList<>();
        for (String hostPort : hosts(engine, value)) {
            String host = hostPort.contains(":") ? hostPort.substring(0, hostPort.lastIndexOf(':')) : hostPort;
            int port = hostPort.contains(":")
                    ? Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1))
                    : engine == Engine.POSTGRES ? 5432 : 6379;
            String[] labels = host.split("\\.");
            if (labels.length < 3 || !labels[2].equals("svc")) {
                report(module + ": " + engine.endpoint + " host " + host
                        + " is not a Service of the engine's namespace (<name>.<namespace>.svc)");
            } else {
                endpoints.add(new Endpoint(labels[1], port));
            }
        }
        return endpoints;
    }

    private List<String> hosts(Engine engine, String value) {
        return switch (engine) {
            case KAFKA -> List.of(value.split(","));
            case POSTGRES ->
                List.of(value.replaceFirst("^jdbc:postgresql://", "")
                        .replaceFirst("[/?].*$", "")
                        .split(","));
            case REDIS -> {
                URI uri = URI.create(value);
                if (uri.getUserInfo() != null) {
                    report(engine.endpoint + " carries credentials: take it from a Secret instead");
                }
                yield List.of(uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort()));
            }
        };
    }
}
