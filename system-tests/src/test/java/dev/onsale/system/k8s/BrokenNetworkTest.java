package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Breaker.broken;
import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;

import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule about the flows (NetworkPolicies, DNS, the engines and the acquirer outside the cluster) run against a
 * deliberately broken copy of a build, so that none of them passes because it looks at nothing.
 */
class BrokenNetworkTest {

    static Stream<Arguments> brokenNetwork() {
        return Stream.of(
                broken(
                        "a backend reachable from outside",
                        "reachable from outside",
                        m -> map(m.rules("queue-service", "ingress").getFirst()).remove("from")),
                broken("no default deny", "default-deny", m -> m.remove("NetworkPolicy", "default-deny")),
                broken(
                        "a service reaching an engine it does not use",
                        "may reach redis",
                        m -> m.rules("booking-service", "egress")
                                .add(Yaml.loadAll("""
                                to:
                                - namespaceSelector:
                                    matchLabels:
                                      kubernetes.io/metadata.name: redis
                                ports:
                                - port: 6379
                                """).getFirst())),
                broken(
                        "the gateway cut off from a service",
                        "gateway -> inventory-service",
                        m -> m.rules(GATEWAY, "egress")
                                .removeIf(rule -> String.valueOf(rule).contains("inventory-service"))),
                broken(
                        "a flow the design does not have",
                        "queue-service -> booking-service",
                        m -> m.rules("queue-service", "egress")
                                .add(Yaml.loadAll("""
                                to:
                                - podSelector:
                                    matchLabels:
                                      app.kubernetes.io/name: booking-service
                                """).getFirst())),
                broken(
                        "metrics scrapes on the API port",
                        "monitoring",
                        m -> map(list(node(
                                                m.rules("allow-metrics-scrapes", "ingress")
                                                        .getFirst(),
                                                "ports"))
                                        .getFirst())
                                .put("port", 8083L)),
                broken("no DNS", "DNS", m -> m.remove("NetworkPolicy", "allow-dns")),
                broken(
                        "Kafka moved without its egress",
                        "cannot reach its kafka",
                        m -> m.data().put("ONSALE_KAFKA_BOOTSTRAP", "onsale-kafka-bootstrap.streaming.svc:9092")),
                broken(
                        "an engine endpoint outside the cluster",
                        "<name>.<namespace>.svc",
                        m -> m.data().put("ONSALE_REDIS_URL", "redis://10.0.0.5:6379")),
                broken(
                        "production cut off from the provider",
                        Profile.PRODUCTION,
                        "the acquirer",
                        m -> m.remove("NetworkPolicy", "payment-service-to-provider")),
                broken(
                        "a service reaching the internet",
                        Profile.PRODUCTION,
                        "gateway may reach the internet",
                        m -> at(
                                        m.doc("NetworkPolicy", "payment-service-to-provider"),
                                        "spec",
                                        "podSelector",
                                        "matchLabels")
                                .put("app.kubernetes.io/name", GATEWAY)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenNetwork")
    void everyNetworkRuleCatchesABrokenFlow(String what, Profile profile, Consumer<Breaker> breakIt, String expected) {
        Breaker.assertCaught(what, profile, breakIt, expected);
    }
}
