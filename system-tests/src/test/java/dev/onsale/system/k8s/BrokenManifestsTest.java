package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.CONFIG_MAP;
import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Cluster.JVM_OPTIONS;
import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Cluster.LIVENESS;
import static dev.onsale.system.k8s.Cluster.SANDBOX;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.contents;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Repository.build;
import static dev.onsale.system.k8s.Repository.facts;
import static dev.onsale.system.k8s.Repository.readme;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule run against a deliberately broken copy of a build, so that none of them passes because it looks at
 * nothing; and a small broken manifest written inline, which breaks many rules at once.
 */
class BrokenManifestsTest {

    // ---------------------------------------------------------------------------------------------------------
    // Every rule can fail

    static Stream<Arguments> brokenManifests() {
        return Stream.of(
                broken(
                        "a readiness probe missing",
                        "readinessProbe",
                        m -> m.container(GATEWAY).remove("readinessProbe")),
                broken(
                        "a liveness probe on another path",
                        LIVENESS,
                        m -> at(m.container("queue-service"), "livenessProbe", "httpGet")
                                .put("path", "/actuator/health")),
                broken(
                        "a startup probe giving up after 30 s",
                        "startupProbe allows",
                        m -> m.probe("booking-service", "startupProbe").put("failureThreshold", 6L)),
                broken(
                        "a probe on a port the container does not declare",
                        "probe port",
                        m -> at(m.container("inventory-service"), "readinessProbe", "httpGet")
                                .put("port", "admin")),
                broken(
                        "actuator not moved to the probed port",
                        "MANAGEMENT_SERVER_PORT",
                        m -> m.removeEnv("inventory-service", "MANAGEMENT_SERVER_PORT")),
                broken(
                        "the HTTP port another than the service's",
                        "listens on 8083",
                        m -> m.port("booking-service", "http").put("containerPort", 8080L)),
                broken(
                        "SERVER_PORT disagreeing with the container port",
                        "SERVER_PORT",
                        m -> m.env("queue-service", "SERVER_PORT").put("value", "9999")),
                broken(
                        "an image tagged latest",
                        "latest",
                        m -> m.container(GATEWAY).put("image", "ghcr.io/onsale/gateway:latest")),
                broken(
                        "an image of another module",
                        "image",
                        m -> m.container("queue-service").put("image", "ghcr.io/onsale/gateway:0.1.0")),
                broken(
                        "no resource limits",
                        "limits.memory",
                        m -> at(m.container("payment-service"), "resources").remove("limits")),
                broken(
                        "a memory limit below the request",
                        "below its request",
                        m -> at(m.container("booking-service"), "resources", "limits")
                                .put("memory", "256Mi")),
                broken(
                        "a writable root filesystem",
                        "readOnlyRootFilesystem",
                        m -> m.security(GATEWAY).put("readOnlyRootFilesystem", false)),
                broken(
                        "privilege escalation allowed",
                        "allowPrivilegeEscalation",
                        m -> m.security("queue-service").put("allowPrivilegeEscalation", true)),
                broken(
                        "capabilities kept",
                        "drop ALL",
                        m -> m.security("inventory-service").remove("capabilities")),
                broken(
                        "root allowed",
                        "runAsNonRoot",
                        m -> m.security("booking-service").remove("runAsNonRoot")),
                broken(
                        "no /tmp volume",
                        "/tmp",
                        m -> m.container("payment-service").remove("volumeMounts")),
                broken(
                        "/tmp on a non-emptyDir volume",
                        "/tmp",
                        m -> map(list(m.pod(GATEWAY).get("volumes")).getFirst()).remove("emptyDir")),
                broken(
                        "no MaxRAMPercentage",
                        "MaxRAMPercentage",
                        m -> m.env(GATEWAY, JVM_OPTIONS).put("value", "-Xmx512m")),
                broken("a token as a literal", "must come from a secretKeyRef", m -> {
                    Map<String, Object> env = m.env(GATEWAY, "ONSALE_ADMIN_TOKEN");
                    env.remove("valueFrom");
                    env.put("value", "local-admin-token");
                }),
                broken(
                        "a secret-looking literal",
                        "looks like a secret",
                        m -> m.env(GATEWAY, "ONSALE_QUEUE_URL")
                                .put("value", "http://queue-service:8081?key=sk_test_local")),
                broken("a literal that belongs in the ConfigMap", "allow-list", m -> {
                    Map<String, Object> env = m.env("queue-service", "ONSALE_KAFKA_BOOTSTRAP");
                    env.remove("valueFrom");
                    env.put("value", "kafka:9092");
                }),
                broken(
                        "a variable the service does not read",
                        "does not read ONSALE_SESSIONS_KEY",
                        m -> m.env(GATEWAY, "ONSALE_SESSION_KEY").put("name", "ONSALE_SESSIONS_KEY")),
                broken(
                        "an engine the service does not use",
                        "does not use redis",
                        m -> m.addEnv(
                                "booking-service",
                                Map.of(
                                        "name",
                                        "ONSALE_REDIS_URL",
                                        "valueFrom",
                                        Map.of(
                                                "configMapKeyRef",
                                                Map.of("name", CONFIG_MAP, "key", "ONSALE_REDIS_URL"))))),
                broken(
                        "a key the ConfigMap does not have",
                        "has no key REDIS",
                        m -> at(m.env("inventory-service", "ONSALE_REDIS_URL"), "valueFrom", "configMapKeyRef")
                                .put("key", "REDIS")),
                broken(
                        "a required setting left to its local default",
                        "ONSALE_REDIS_URL is not set",
                        m -> m.removeEnv("inventory-service", "ONSALE_REDIS_URL")),
                broken(
                        "a required secret made optional",
                        "optional",
                        m -> at(m.env(GATEWAY, "ONSALE_SESSION_KEY"), "valueFrom", "secretKeyRef")
                                .put("optional", true)),
                broken(
                        "a secret from a ConfigMap",
                        "must come from a secretKeyRef",
                        m -> m.env("booking-service", "ONSALE_DB_PASSWORD")
                                .put(
                                        "valueFrom",
                                        Map.of(
                                                "configMapKeyRef",
                                                Map.of("name", CONFIG_MAP, "key", "ONSALE_DB_USER")))),
                broken(
                        "a secret the README does not tell how to create",
                        "k8s/README.md",
                        m -> at(m.env("payment-service", "ONSALE_PAYMENT_PROVIDER_KEY"), "valueFrom", "secretKeyRef")
                                .put("name", "acquirer")),
                broken(
                        "a password in the ConfigMap",
                        "looks like a secret",
                        m -> m.data().put("ONSALE_DB_PASSWORD_HINT", "password is hunter2")),
                broken(
                        "a Secret in the repository",
                        "Secrets are never",
                        m -> m.add("apiVersion: v1\nkind: Secret\nmetadata:\n  name: onsale-db\n  namespace: onsale\n"
                                + "stringData:\n  password: x\n")),
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
                        "an upstream URL on the wrong port",
                        "ONSALE_BOOKING_URL",
                        m -> m.env(GATEWAY, "ONSALE_BOOKING_URL").put("value", "http://booking-service:8080")),
                broken(
                        "the webhook URL past the gateway",
                        "ONSALE_SANDBOX_WEBHOOK_URL",
                        m -> m.env(SANDBOX, "ONSALE_SANDBOX_WEBHOOK_URL")
                                .put("value", "http://payment-service:8084/webhooks/payments")),
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
                        "no preStop pause",
                        "preStop",
                        m -> m.container("queue-service").remove("lifecycle")),
                broken(
                        "too short a grace period",
                        "terminationGracePeriodSeconds",
                        m -> m.pod(GATEWAY).put("terminationGracePeriodSeconds", 20L)),
                broken(
                        "a service account token mounted",
                        "automountServiceAccountToken",
                        m -> m.doc("ServiceAccount", "booking-service").put("automountServiceAccountToken", true)),
                broken(
                        "the default service account",
                        "serviceAccountName",
                        m -> m.pod("inventory-service").remove("serviceAccountName")),
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
                        "staging charging a real provider",
                        "payment-sandbox",
                        m -> m.data().put("ONSALE_PAYMENT_PROVIDER_URL", "https://api.acquirer.example")),
                broken(
                        "more than one sandbox",
                        "exactly one",
                        m -> at(m.deployment(SANDBOX), "spec").put("replicas", 2L)),
                broken("no payment-service at all", "no Deployment", m -> m.remove("Deployment", "payment-service")),
                broken("README without a secret", "k8s/README.md", m -> m.forgetSecret("onsale-operator-tokens")),
                broken(
                        "production charging through the sandbox",
                        Profile.PRODUCTION,
                        "https",
                        m -> m.data().put("ONSALE_PAYMENT_PROVIDER_URL", "http://payment-sandbox:8090")),
                broken("the sandbox in production", Profile.PRODUCTION, "staging only", m -> m.add(sandboxManifests())),
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
    @MethodSource("brokenManifests")
    void everyRuleCatchesABrokenManifest(String what, Profile profile, Consumer<Breaker> breakIt, String expected) {
        Breaker breaker = new Breaker(build(profile).copy(), readme());
        breakIt.accept(breaker);
        assertThat(new Rules(facts(), breaker.readme, breaker.build).check())
                .as("violations after breaking: " + what)
                .anySatisfy(violation -> assertThat(violation).contains(expected));
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

    static String sandboxManifests() {
        return contents(K8S.resolve("overlays/staging/payment-sandbox.yaml"));
    }

    /** A way to break a copy of the staging build, and a text one of the violations it causes must contain. */
    static Arguments broken(String what, String expected, Consumer<Breaker> breakIt) {
        return broken(what, Profile.STAGING, expected, breakIt);
    }

    static Arguments broken(String what, Profile profile, String expected, Consumer<Breaker> breakIt) {
        return Arguments.of(what, profile, breakIt, expected);
    }
}
