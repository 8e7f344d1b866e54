package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Breaker.broken;
import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Cluster.SANDBOX;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.contents;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Repository.facts;
import static dev.onsale.system.k8s.Repository.readme;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule about the manifests themselves (namespace, annotations, Services, autoscalers, disruption budgets,
 * service accounts, which modules run in which profile) run against a deliberately broken copy of a build, so that
 * none of them passes because it looks at nothing; and a small broken manifest written inline, which breaks many
 * rules at once.
 */
class BrokenManifestsTest {

    static Stream<Arguments> brokenManifests() {
        return Stream.of(
                broken(
                        "an unquoted annotation",
                        "must be a string",
                        m -> m.podAnnotations(GATEWAY).put("prometheus.io/scrape", true)),
                broken(
                        "no metrics annotation",
                        "prometheus.io/path",
                        m -> m.podAnnotations("queue-service").remove("prometheus.io/path")),
                broken(
                        "a manifest in another namespace",
                        "namespace",
                        m -> at(m.doc("Service", "booking-service"), "metadata").put("namespace", "default")),
                broken(
                        "a Service selecting nothing",
                        "selects no Deployment",
                        m -> at(m.doc("Service", "queue-service"), "spec", "selector")
                                .put("app.kubernetes.io/name", "queue")),
                broken(
                        "a Service on another port",
                        "targetPort",
                        m -> map(list(node(m.doc("Service", "inventory-service"), "spec", "ports"))
                                        .getFirst())
                                .put("targetPort", "web")),
                broken(
                        "no autoscaler",
                        "HorizontalPodAutoscaler",
                        m -> m.remove("HorizontalPodAutoscaler", "booking-service")),
                broken(
                        "an autoscaler down to one replica",
                        "minReplicas",
                        m -> at(m.doc("HorizontalPodAutoscaler", "queue-service"), "spec")
                                .put("minReplicas", 1L)),
                broken(
                        "an autoscaler on memory",
                        "cpu",
                        m -> at(
                                        list(node(m.doc("HorizontalPodAutoscaler", GATEWAY), "spec", "metrics"))
                                                .getFirst(),
                                        "resource")
                                .put("name", "memory")),
                broken(
                        "replicas fighting the autoscaler",
                        "replicas",
                        m -> at(m.deployment(GATEWAY), "spec").put("replicas", 3L)),
                broken(
                        "no disruption budget",
                        "PodDisruptionBudget",
                        m -> m.remove("PodDisruptionBudget", "inventory-service")),
                broken(
                        "no zone spread",
                        "topology.kubernetes.io/zone",
                        m -> m.pod("payment-service").remove("topologySpreadConstraints")),
                broken(
                        "a service account token mounted",
                        "automountServiceAccountToken",
                        m -> m.doc("ServiceAccount", "booking-service").put("automountServiceAccountToken", true)),
                broken(
                        "the default service account",
                        "serviceAccountName",
                        m -> m.pod("inventory-service").remove("serviceAccountName")),
                broken(
                        "more than one sandbox",
                        "exactly one",
                        m -> at(m.deployment(SANDBOX), "spec").put("replicas", 2L)),
                broken("no payment-service at all", "no Deployment", m -> m.remove("Deployment", "payment-service")),
                broken(
                        "the sandbox in production",
                        Profile.PRODUCTION,
                        "staging only",
                        m -> m.add(sandboxManifests())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenManifests")
    void everyManifestRuleCatchesABrokenManifest(
            String what, Profile profile, Consumer<Breaker> breakIt, String expected) {
        Breaker.assertCaught(what, profile, breakIt, expected);
    }

    @Test
    void aSmallBrokenManifestWrittenInlineBreaksManyRules() {
        String yaml = """
                apiVersion: apps/v1
                kind: Deployment
                metadata:
                  name: gateway
                  namespace: onsale
                spec:
                  replicas: 2
                  selector:
                    matchLabels:
                      app: gateway
                  template:
                    metadata:
                      labels:
                        app: gateway
                    spec:
                      containers:
                      - name: gateway
                        image: ghcr.io/onsale/gateway:latest
                        ports:
                        - containerPort: 8081
                        env:
                        - name: ONSALE_ADMIN_TOKEN
                          value: local-admin-token
                        - name: ONSALE_DB_PASSWORD
                          value: local-only-postgres-password
                ---
                apiVersion: v1
                kind: Service
                metadata:
                  name: gateway
                  namespace: onsale
                spec:
                  selector:
                    app: gateway-v2
                  ports:
                  - port: 8080
                """;
        List<Manifest> manifests = Yaml.loadAll(yaml).stream()
                .map(doc -> new Manifest("inline", map(doc)))
                .toList();
        List<String> violations = new Rules(facts(), readme(), new Build("inline", Profile.BASE, manifests)).check();
        assertThat(String.join("\n", violations))
                .contains(
                        "latest",
                        "readinessProbe",
                        "livenessProbe",
                        "startupProbe",
                        "no port named http",
                        "resources",
                        "readOnlyRootFilesystem",
                        "must come from a secretKeyRef",
                        "looks like a secret",
                        "does not read ONSALE_DB_PASSWORD",
                        "ONSALE_SESSION_KEY is not set",
                        "selects no Deployment",
                        "HorizontalPodAutoscaler",
                        "PodDisruptionBudget",
                        "serviceAccountName",
                        "default-deny",
                        "no Deployment for queue-service");
    }

    private static String sandboxManifests() {
        return contents(K8S.resolve("overlays/staging/payment-sandbox.yaml"));
    }
}
