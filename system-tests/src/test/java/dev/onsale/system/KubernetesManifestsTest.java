package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.launcher.Service;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Kubernetes manifests under {@code k8s/} against what the services are: the port each listens on, its
 * probes, the environment variables it reads, the local-only defaults it must not run with, the engines it
 * uses and the flows between the services. Each build (the base and every overlay) is assembled as kustomize
 * assembles it — resources plus strategic-merge patches, for the subset of kustomize the manifests use; the
 * emulation refuses anything else — and every rule is checked on it. Where {@code kubectl} is installed, its
 * own build must equal the emulated one. Every rule is also run against a deliberately broken copy, so that
 * none of them passes because it looks at nothing.
 */
class KubernetesManifestsTest {

    enum Profile {
        BASE("base"), STAGING("overlays/staging"), PRODUCTION("overlays/production");

        final String directory;

        Profile(String directory) {
            this.directory = directory;
        }
    }

    enum Engine {
        KAFKA("ONSALE_KAFKA_BOOTSTRAP", Set.of("ONSALE_KAFKA_BOOTSTRAP")),
        POSTGRES("ONSALE_DB_URL", Set.of("ONSALE_DB_URL", "ONSALE_DB_USER", "ONSALE_DB_PASSWORD")),
        REDIS("ONSALE_REDIS_URL", Set.of("ONSALE_REDIS_URL"));

        /** The variable holding the engine's endpoint. */
        final String endpoint;
        /** Every variable that only matters to a service using the engine. */
        final Set<String> variables;

        Engine(String endpoint, Set<String> variables) {
            this.endpoint = endpoint;
            this.variables = variables;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Optional<Engine> of(String variable) {
            return Stream.of(values()).filter(e -> e.variables.contains(variable)).findFirst();
        }
    }

    static final Path REPO = Path.of(System.getProperty("onsale.repo", "..")).toAbsolutePath().normalize();
    static final Path K8S = REPO.resolve("k8s");
    static final String NAMESPACE = "onsale";
    static final String SANDBOX = Service.PAYMENT_SANDBOX.module();
    static final String GATEWAY = Service.GATEWAY.module();
    static final String CONFIG_MAP = "onsale-config";
    static final String READINESS = "/actuator/health/readiness";
    static final String LIVENESS = "/actuator/health/liveness";
    static final String METRICS = "/actuator/prometheus";
    static final String JVM_OPTIONS = "JAVA_TOOL_OPTIONS";
    /** Spring Boot settings every service reads from the environment by relaxed binding. */
    static final Set<String> SPRING_SETTINGS = Set.of("SERVER_PORT", "MANAGEMENT_SERVER_PORT",
            "SERVER_FORWARD_HEADERS_STRATEGY");
    /** The only variables a manifest may set as a literal: wiring and JVM flags, never credentials. */
    static final Set<String> LITERAL_SETTINGS = Set.of("SERVER_PORT", "MANAGEMENT_SERVER_PORT",
            "SERVER_FORWARD_HEADERS_STRATEGY", JVM_OPTIONS, "ONSALE_QUEUE_URL", "ONSALE_INVENTORY_URL",
            "ONSALE_BOOKING_URL", "ONSALE_PAYMENT_URL", "ONSALE_SANDBOX_WEBHOOK_URL");
    static final Pattern SECRET_VARIABLE = Pattern.compile(".*_(KEY|KEYS|SECRET|SECRETS|TOKEN|PASSWORD)");
    static final List<Pattern> SECRET_LOOKING = List.of(Pattern.compile("(?i)local[-_]only"),
            Pattern.compile("(?i)sk_(test|live)_"), Pattern.compile("(?i)whsec_"), Pattern.compile("(?i)password"),
            Pattern.compile("(?i)change[-_]?me"), Pattern.compile("(?i)local-(admin|auditor)-token"),
            Pattern.compile("-----BEGIN"), Pattern.compile("^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9+/=_-]{32,}$"));
    static final Pattern IMAGE = Pattern.compile("ghcr\\.io/onsale/([a-z0-9-]+):(\\d+\\.\\d+\\.\\d+)");
    static final Set<String> NAMESPACED = Set.of("Deployment", "Service", "ServiceAccount", "ConfigMap",
            "PodDisruptionBudget", "HorizontalPodAutoscaler", "NetworkPolicy");
    /** A start may take this long before the startup probe gives up (Kafka metadata, Flyway, the outbox slot). */
    static final Duration STARTUP_BUDGET = Duration.ofSeconds(180);
    /** What SIGTERM must leave beyond the preStop pause and the longest Spring shutdown phase. */
    static final Duration DRAIN_MARGIN = Duration.ofSeconds(15);
    static final String INTERNET = "203.0.113.7";
    static final String PRIVATE_ADDRESS = "10.1.2.3";

    // ---------------------------------------------------------------------------------------------------------
    // The manifests of the repository

    @ParameterizedTest
    @EnumSource(Profile.class)
    void everyBuildKeepsEveryRule(Profile profile) {
        assertThat(rules(build(profile))).isEmpty();
    }

    @Test
    void everyYamlFileUnderK8sIsListedByAKustomization() {
        assertThat(Kustomize.coverage(K8S)).isEmpty();
    }

    @Test
    void theReadmeDocumentsNoSecretThatNoManifestUses() {
        Set<String> used = new TreeSet<>();
        for (Profile profile : Profile.values()) {
            for (Manifest m : build(profile).all("Deployment")) {
                for (Object container : containers(m)) {
                    for (Object env : list(node(container, "env"))) {
                        Object ref = node(env, "valueFrom", "secretKeyRef");
                        if (ref != null) {
                            used.add(text(node(ref, "name")) + "/" + text(node(ref, "key")));
                        }
                    }
                }
            }
        }
        Set<String> documented = new TreeSet<>();
        readme().secrets().forEach((name, keys) -> keys.forEach(key -> documented.add(name + "/" + key)));
        assertThat(documented).as("secret keys created by k8s/README.md").isEqualTo(used);
    }

    @ParameterizedTest
    @EnumSource(Profile.class)
    void kubectlBuildsWhatTheseRulesCheck(Profile profile) throws Exception {
        Optional<Path> kubectl = onPath("kubectl");
        Assumptions.assumeTrue(kubectl.isPresent(), "kubectl is not installed; the emulated build is checked alone");
        Process process = new ProcessBuilder(kubectl.get().toString(), "kustomize",
                K8S.resolve(profile.directory).toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        Map<String, Object> rendered = new TreeMap<>();
        for (Object doc : Yaml.loadAll(output)) {
            rendered.put(new Manifest("kubectl", map(doc)).id(), doc);
        }
        Map<String, Object> emulated = new TreeMap<>();
        build(profile).manifests().forEach(m -> emulated.put(m.id(), m.doc()));
        assertThat(rendered.keySet()).isEqualTo(emulated.keySet());
        emulated.forEach((id, doc) -> assertThat(rendered.get(id)).as(id).isEqualTo(doc));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Every rule can fail

    static Stream<Arguments> brokenManifests() {
        return Stream.of(
                broken("a readiness probe missing", "readinessProbe",
                        m -> m.container(GATEWAY).remove("readinessProbe")),
                broken("a liveness probe on another path", LIVENESS,
                        m -> at(m.container("queue-service"), "livenessProbe", "httpGet")
                                .put("path", "/actuator/health")),
                broken("a startup probe giving up after 30 s", "startupProbe allows",
                        m -> m.probe("booking-service", "startupProbe").put("failureThreshold", 6L)),
                broken("a probe on a port the container does not declare", "probe port",
                        m -> at(m.container("inventory-service"), "readinessProbe", "httpGet").put("port", "admin")),
                broken("actuator not moved to the probed port", "MANAGEMENT_SERVER_PORT",
                        m -> m.removeEnv("inventory-service", "MANAGEMENT_SERVER_PORT")),
                broken("the HTTP port another than the service's", "listens on 8083",
                        m -> m.port("booking-service", "http").put("containerPort", 8080L)),
                broken("SERVER_PORT disagreeing with the container port", "SERVER_PORT",
                        m -> m.env("queue-service", "SERVER_PORT").put("value", "9999")),
                broken("an image tagged latest", "latest",
                        m -> m.container(GATEWAY).put("image", "ghcr.io/onsale/gateway:latest")),
                broken("an image of another module", "image",
                        m -> m.container("queue-service").put("image", "ghcr.io/onsale/gateway:0.1.0")),
                broken("no resource limits", "limits.memory",
                        m -> at(m.container("payment-service"), "resources").remove("limits")),
                broken("a memory limit below the request", "below its request",
                        m -> at(m.container("booking-service"), "resources", "limits").put("memory", "256Mi")),
                broken("a writable root filesystem", "readOnlyRootFilesystem",
                        m -> m.security(GATEWAY).put("readOnlyRootFilesystem", false)),
                broken("privilege escalation allowed", "allowPrivilegeEscalation",
                        m -> m.security("queue-service").put("allowPrivilegeEscalation", true)),
                broken("capabilities kept", "drop ALL",
                        m -> m.security("inventory-service").remove("capabilities")),
                broken("root allowed", "runAsNonRoot",
                        m -> m.security("booking-service").remove("runAsNonRoot")),
                broken("no /tmp volume", "/tmp",
                        m -> m.container("payment-service").remove("volumeMounts")),
                broken("/tmp on a non-emptyDir volume", "/tmp",
                        m -> map(list(m.pod(GATEWAY).get("volumes")).getFirst()).remove("emptyDir")),
                broken("no MaxRAMPercentage", "MaxRAMPercentage",
                        m -> m.env(GATEWAY, JVM_OPTIONS).put("value", "-Xmx512m")),
                broken("a token as a literal", "must come from a secretKeyRef", m -> {
                    Map<String, Object> env = m.env(GATEWAY, "ONSALE_ADMIN_TOKEN");
                    env.remove("valueFrom");
                    env.put("value", "local-admin-token");
                }),
                broken("a secret-looking literal", "looks like a secret",
                        m -> m.env(GATEWAY, "ONSALE_QUEUE_URL")
                                .put("value", "http://queue-service:8081?key=sk_test_local")),
                broken("a literal that belongs in the ConfigMap", "allow-list", m -> {
                    Map<String, Object> env = m.env("queue-service", "ONSALE_KAFKA_BOOTSTRAP");
                    env.remove("valueFrom");
                    env.put("value", "kafka:9092");
                }),
                broken("a variable the service does not read", "does not read ONSALE_SESSIONS_KEY",
                        m -> m.env(GATEWAY, "ONSALE_SESSION_KEY").put("name", "ONSALE_SESSIONS_KEY")),
                broken("an engine the service does not use", "does not use redis",
                        m -> m.addEnv("booking-service", Map.of("name", "ONSALE_REDIS_URL", "valueFrom",
                                Map.of("configMapKeyRef", Map.of("name", CONFIG_MAP, "key", "ONSALE_REDIS_URL"))))),
                broken("a key the ConfigMap does not have", "has no key REDIS",
                        m -> at(m.env("inventory-service", "ONSALE_REDIS_URL"), "valueFrom", "configMapKeyRef")
                                .put("key", "REDIS")),
                broken("a required setting left to its local default", "ONSALE_REDIS_URL is not set",
                        m -> m.removeEnv("inventory-service", "ONSALE_REDIS_URL")),
                broken("a required secret made optional", "optional",
                        m -> at(m.env(GATEWAY, "ONSALE_SESSION_KEY"), "valueFrom", "secretKeyRef")
                                .put("optional", true)),
                broken("a secret from a ConfigMap", "must come from a secretKeyRef",
                        m -> m.env("booking-service", "ONSALE_DB_PASSWORD").put("valueFrom",
                                Map.of("configMapKeyRef", Map.of("name", CONFIG_MAP, "key", "ONSALE_DB_USER")))),
                broken("a secret the README does not tell how to create", "k8s/README.md",
                        m -> at(m.env("payment-service", "ONSALE_PAYMENT_PROVIDER_KEY"), "valueFrom", "secretKeyRef")
                                .put("name", "acquirer")),
                broken("a password in the ConfigMap", "looks like a secret",
                        m -> m.data().put("ONSALE_DB_PASSWORD_HINT", "password is hunter2")),
                broken("a Secret in the repository", "Secrets are never",
                        m -> m.add("apiVersion: v1\nkind: Secret\nmetadata:\n  name: onsale-db\n  namespace: onsale\n"
                                + "stringData:\n  password: x\n")),
                broken("an unquoted annotation", "must be a string",
                        m -> m.podAnnotations(GATEWAY).put("prometheus.io/scrape", true)),
                broken("no metrics annotation", "prometheus.io/path",
                        m -> m.podAnnotations("queue-service").remove("prometheus.io/path")),
                broken("a manifest in another namespace", "namespace",
                        m -> at(m.doc("Service", "booking-service"), "metadata").put("namespace", "default")),
                broken("a Service selecting nothing", "selects no Deployment",
                        m -> at(m.doc("Service", "queue-service"), "spec", "selector")
                                .put("app.kubernetes.io/name", "queue")),
                broken("a Service on another port", "targetPort",
                        m -> map(list(node(m.doc("Service", "inventory-service"), "spec", "ports")).getFirst())
                                .put("targetPort", "web")),
                broken("an upstream URL on the wrong port", "ONSALE_BOOKING_URL",
                        m -> m.env(GATEWAY, "ONSALE_BOOKING_URL").put("value", "http://booking-service:8080")),
                broken("the webhook URL past the gateway", "ONSALE_SANDBOX_WEBHOOK_URL",
                        m -> m.env(SANDBOX, "ONSALE_SANDBOX_WEBHOOK_URL")
                                .put("value", "http://payment-service:8084/webhooks/payments")),
                broken("no autoscaler", "HorizontalPodAutoscaler",
                        m -> m.remove("HorizontalPodAutoscaler", "booking-service")),
                broken("an autoscaler down to one replica", "minReplicas",
                        m -> at(m.doc("HorizontalPodAutoscaler", "queue-service"), "spec").put("minReplicas", 1L)),
                broken("an autoscaler on memory", "cpu",
                        m -> at(list(node(m.doc("HorizontalPodAutoscaler", GATEWAY), "spec", "metrics")).getFirst(),
                                "resource").put("name", "memory")),
                broken("replicas fighting the autoscaler", "replicas",
                        m -> at(m.deployment(GATEWAY), "spec").put("replicas", 3L)),
                broken("no disruption budget", "PodDisruptionBudget",
                        m -> m.remove("PodDisruptionBudget", "inventory-service")),
                broken("no zone spread", "topology.kubernetes.io/zone",
                        m -> m.pod("payment-service").remove("topologySpreadConstraints")),
                broken("no preStop pause", "preStop",
                        m -> m.container("queue-service").remove("lifecycle")),
                broken("too short a grace period", "terminationGracePeriodSeconds",
                        m -> m.pod(GATEWAY).put("terminationGracePeriodSeconds", 20L)),
                broken("a service account token mounted", "automountServiceAccountToken",
                        m -> m.doc("ServiceAccount", "booking-service").put("automountServiceAccountToken", true)),
                broken("the default service account", "serviceAccountName",
                        m -> m.pod("inventory-service").remove("serviceAccountName")),
                broken("a backend reachable from outside", "reachable from outside",
                        m -> map(m.rules("queue-service", "ingress").getFirst()).remove("from")),
                broken("no default deny", "default-deny",
                        m -> m.remove("NetworkPolicy", "default-deny")),
                broken("a service reaching an engine it does not use", "may reach redis",
                        m -> m.rules("booking-service", "egress").add(Yaml.loadAll("""
                                to:
                                - namespaceSelector:
                                    matchLabels:
                                      kubernetes.io/metadata.name: redis
                                ports:
                                - port: 6379
                                """).getFirst())),
                broken("the gateway cut off from a service", "gateway -> inventory-service",
                        m -> m.rules(GATEWAY, "egress")
                                .removeIf(rule -> String.valueOf(rule).contains("inventory-service"))),
                broken("a flow the design does not have", "queue-service -> booking-service",
                        m -> m.rules("queue-service", "egress").add(Yaml.loadAll("""
                                to:
                                - podSelector:
                                    matchLabels:
                                      app.kubernetes.io/name: booking-service
                                """).getFirst())),
                broken("metrics scrapes on the API port", "monitoring",
                        m -> map(list(node(m.rules("allow-metrics-scrapes", "ingress").getFirst(), "ports")).getFirst())
                                .put("port", 8083L)),
                broken("no DNS", "DNS",
                        m -> m.remove("NetworkPolicy", "allow-dns")),
                broken("Kafka moved without its egress", "cannot reach its kafka",
                        m -> m.data().put("ONSALE_KAFKA_BOOTSTRAP", "onsale-kafka-bootstrap.streaming.svc:9092")),
                broken("an engine endpoint outside the cluster", "<name>.<namespace>.svc",
                        m -> m.data().put("ONSALE_REDIS_URL", "redis://10.0.0.5:6379")),
                broken("staging charging a real provider", "payment-sandbox",
                        m -> m.data().put("ONSALE_PAYMENT_PROVIDER_URL", "https://api.acquirer.example")),
                broken("more than one sandbox", "exactly one",
                        m -> at(m.deployment(SANDBOX), "spec").put("replicas", 2L)),
                broken("no payment-service at all", "no Deployment",
                        m -> m.remove("Deployment", "payment-service")),
                broken("README without a secret", "k8s/README.md",
                        m -> m.forgetSecret("onsale-operator-tokens")),
                broken("production charging through the sandbox", Profile.PRODUCTION, "https",
                        m -> m.data().put("ONSALE_PAYMENT_PROVIDER_URL", "http://payment-sandbox:8090")),
                broken("the sandbox in production", Profile.PRODUCTION, "staging only",
                        m -> m.add(sandboxManifests())),
                broken("production cut off from the provider", Profile.PRODUCTION, "the acquirer",
                        m -> m.remove("NetworkPolicy", "payment-service-to-provider")),
                broken("a service reaching the internet", Profile.PRODUCTION, "gateway may reach the internet",
                        m -> at(m.doc("NetworkPolicy", "payment-service-to-provider"), "spec", "podSelector",
                                "matchLabels").put("app.kubernetes.io/name", GATEWAY)));
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
        List<Manifest> manifests = Yaml.loadAll(yaml).stream().map(doc -> new Manifest("inline", map(doc))).toList();
        List<String> violations = new Rules(facts(), readme(), new Build("inline", Profile.BASE, manifests)).check();
        assertThat(String.join("\n", violations)).contains("latest", "readinessProbe", "livenessProbe", "startupProbe",
                "no port named http", "resources", "readOnlyRootFilesystem", "must come from a secretKeyRef",
                "looks like a secret", "does not read ONSALE_DB_PASSWORD", "ONSALE_SESSION_KEY is not set",
                "selects no Deployment",
                "HorizontalPodAutoscaler", "PodDisruptionBudget", "serviceAccountName", "default-deny",
                "no Deployment for queue-service");
    }

    @Test
    void theCoverageCheckFindsOrphansAndMissingFiles(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("base"));
        Files.writeString(dir.resolve("base/kustomization.yaml"), "resources:\n  - listed.yaml\n  - gone.yaml\n");
        Files.writeString(dir.resolve("base/listed.yaml"), "kind: ConfigMap\n");
        Files.writeString(dir.resolve("base/orphan.yaml"), "kind: ConfigMap\n");
        Files.writeString(dir.resolve("base/notes.json"), "{}");
        assertThat(String.join("\n", Kustomize.coverage(dir)))
                .contains("base/orphan.yaml is listed by no kustomization", "base/gone.yaml, which does not exist",
                        "base/notes.json")
                .doesNotContain("listed.yaml is listed by no");
    }

    @Test
    void theBuildRefusesWhatItCannotEmulate(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("kustomization.yaml"), "resources:\n  - a.yaml\nsecretGenerator:\n  - name: x\n");
        Files.writeString(dir.resolve("a.yaml"), "kind: ConfigMap\nmetadata:\n  name: a\n");
        assertThatThrownBy(() -> Kustomize.build(dir)).hasMessageContaining("Secrets are never");
        Files.writeString(dir.resolve("kustomization.yaml"), "resources:\n  - a.yaml\nnamePrefix: x-\n");
        assertThatThrownBy(() -> Kustomize.build(dir)).hasMessageContaining("namePrefix");
        Files.writeString(dir.resolve("kustomization.yaml"), "resources:\n  - a.yaml\npatches:\n  - path: p.yaml\n");
        Files.writeString(dir.resolve("p.yaml"), "kind: ConfigMap\nmetadata:\n  name: b\n");
        assertThatThrownBy(() -> Kustomize.build(dir)).hasMessageContaining("targets nothing");
        String deployment = "kind: Deployment\nmetadata:\n  name: a\nspec:\n  ports:\n  - port: ";
        Files.writeString(dir.resolve("a.yaml"), deployment + "1\n");
        Files.writeString(dir.resolve("p.yaml"), deployment + "2\n");
        assertThatThrownBy(() -> Kustomize.build(dir)).hasMessageContaining("merges lists of objects by name only");
    }

    @Test
    void thePatchesMergeAsKustomizeMergesThem() {
        Object base = Yaml.loadAll("""
                spec:
                  replicas: 2
                  containers:
                  - name: a
                    image: a:1
                    env:
                    - name: X
                      value: "1"
                  - name: b
                    image: b:1
                """).getFirst();
        Object patch = Yaml.loadAll("""
                spec:
                  replicas: null
                  containers:
                  - name: a
                    env:
                    - name: Z
                      value: "2"
                """).getFirst();
        assertThat(Kustomize.merge(base, patch, "")).isEqualTo(Yaml.loadAll("""
                spec:
                  containers:
                  - name: a
                    image: a:1
                    env:
                    - name: X
                      value: "1"
                    - name: Z
                      value: "2"
                  - name: b
                    image: b:1
                """).getFirst());
    }

    @Test
    void theRulesKnowWhatEachServiceReads() {
        Map<String, ServiceFacts> facts = facts();
        assertThat(facts.keySet())
                .containsExactlyInAnyOrder(Stream.of(Service.values()).map(Service::module).toArray(String[]::new));
        assertThat(facts.get(GATEWAY).placeholders())
                .containsKeys("ONSALE_SESSION_KEY", "ONSALE_QUEUE_URL", "ONSALE_REDIS_URL");
        assertThat(facts.get(GATEWAY).placeholders()).doesNotContainKey("ONSALE_DB_URL");
        assertThat(facts.get("booking-service").engines()).containsExactlyInAnyOrder(Engine.KAFKA, Engine.POSTGRES);
        assertThat(facts.get("payment-service").required())
                .contains("ONSALE_PAYMENT_PROVIDER_KEY", "ONSALE_DB_PASSWORD", "ONSALE_PAYMENT_WEBHOOK_SECRET",
                        "ONSALE_REDIS_URL")
                .doesNotContain("ONSALE_PAYMENT_WEBHOOK_PREVIOUS_SECRETS");
        assertThat(facts.get(SANDBOX).configuredPort()).isEqualTo(8090);
        assertThat(facts.get("booking-service").shutdownPhase()).isEqualTo(Duration.ofSeconds(20));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Loading

    static Build build(Profile profile) {
        return new Build(profile.directory, profile, Kustomize.build(K8S.resolve(profile.directory)));
    }

    static List<String> rules(Build build) {
        return new Rules(facts(), readme(), build).check();
    }

    private static Map<String, ServiceFacts> facts;

    static synchronized Map<String, ServiceFacts> facts() {
        if (facts == null) {
            facts = ServiceFacts.read(REPO);
        }
        return facts;
    }

    static Readme readme() {
        return Readme.read(K8S.resolve("README.md"));
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

    /** Ways to break a copy of a build (and of the README's list of secrets). */
    static final class Breaker {
        final Build build;
        Readme readme;

        Breaker(Build build, Readme readme) {
            this.build = build;
            this.readme = readme;
        }

        Map<String, Object> doc(String kind, String name) {
            return build.find(kind, name).orElseThrow(() -> new AssertionError("no " + kind + "/" + name)).doc();
        }

        Map<String, Object> deployment(String module) {
            return doc("Deployment", module);
        }

        Map<String, Object> pod(String module) {
            return at(deployment(module), "spec", "template", "spec");
        }

        Map<String, Object> container(String module) {
            return map(list(pod(module).get("containers")).getFirst());
        }

        Map<String, Object> security(String module) {
            return at(container(module), "securityContext");
        }

        Map<String, Object> probe(String module, String probe) {
            return at(container(module), probe);
        }

        Map<String, Object> podAnnotations(String module) {
            return at(deployment(module), "spec", "template", "metadata", "annotations");
        }

        List<Object> rules(String policy, String direction) {
            return list(node(doc("NetworkPolicy", policy), "spec", direction));
        }

        Map<String, Object> port(String module, String name) {
            return list(container(module).get("ports")).stream().map(KubernetesManifestsTest::map)
                    .filter(p -> name.equals(p.get("name"))).findFirst().orElseThrow();
        }

        Map<String, Object> env(String module, String name) {
            return list(container(module).get("env")).stream().map(KubernetesManifestsTest::map)
                    .filter(e -> name.equals(e.get("name"))).findFirst()
                    .orElseThrow(() -> new AssertionError(module + " sets no " + name));
        }

        void addEnv(String module, Map<String, Object> env) {
            list(container(module).get("env")).add(deepCopy(env));
        }

        void removeEnv(String module, String name) {
            list(container(module).get("env")).removeIf(e -> name.equals(map(e).get("name")));
        }

        Map<String, Object> data() {
            return at(doc("ConfigMap", CONFIG_MAP), "data");
        }

        void remove(String kind, String name) {
            boolean removed = build.manifests().removeIf(m -> m.id().equals(kind + "/" + name));
            assertThat(removed).as(kind + "/" + name).isTrue();
        }

        void add(String yaml) {
            Yaml.loadAll(yaml).forEach(doc -> build.manifests().add(new Manifest("added", map(doc))));
        }

        void forgetSecret(String name) {
            var secrets = new LinkedHashMap<>(readme.secrets());
            secrets.remove(name);
            readme = new Readme(readme.text(), secrets, readme.namespaces());
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // The model

    record Manifest(String source, Map<String, Object> doc) {

        String kind() {
            return text(doc.get("kind"));
        }

        String name() {
            return text(node(doc, "metadata", "name"));
        }

        String id() {
            return kind() + "/" + name();
        }
    }

    record Build(String name, Profile profile, List<Manifest> manifests) {

        List<Manifest> all(String kind) {
            return manifests.stream().filter(m -> kind.equals(m.kind())).toList();
        }

        Optional<Manifest> find(String kind, String name) {
            return manifests.stream().filter(m -> kind.equals(m.kind()) && Objects.equals(name, m.name())).findFirst();
        }

        Build copy() {
            List<Manifest> copies = new ArrayList<>();
            manifests.forEach(m -> copies.add(new Manifest(m.source(), deepCopy(m.doc()))));
            return new Build(name, profile, copies);
        }
    }

    /**
     * What the repository says about one service: the launcher's port, the port its application.yml sets, every
     * {@code ${NAME:default}} placeholder of its configuration (with the platform's when it imports it), the
     * engines whose clients its pom brings, and the longest phase of its graceful shutdown.
     */
    record ServiceFacts(String module, int launcherPort, Integer configuredPort, Map<String, String> placeholders,
                        Set<Engine> engines, Duration shutdownPhase) {

        private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(?::([^}]*))?}");
        private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
        private static final Duration BOOT_SHUTDOWN_PHASE = Duration.ofSeconds(30);

        static Map<String, ServiceFacts> read(Path repo) {
            String platform = contents(repo.resolve("platform/src/main/resources/onsale-platform.yml"));
            Map<String, ServiceFacts> facts = new LinkedHashMap<>();
            for (Service service : Service.values()) {
                Path moduleDir = repo.resolve(service.module());
                String own = contents(moduleDir.resolve("src/main/resources/application.yml"));
                List<String> configs = own.contains("classpath:onsale-platform.yml")
                        ? List.of(own, platform) : List.of(own);
                Map<String, String> placeholders = new TreeMap<>();
                configs.forEach(config -> {
                    Matcher m = PLACEHOLDER.matcher(config);
                    while (m.find()) {
                        placeholders.putIfAbsent(m.group(1), m.group(2));
                    }
                });
                Object ownTree = Yaml.loadAll(own).getFirst();
                Object port = node(ownTree, "server", "port");
                Integer configuredPort = port instanceof Number n ? Integer.valueOf(n.intValue())
                        : port instanceof String s && PLACEHOLDER.matcher(s).matches()
                        ? Integer.valueOf(placeholderDefault(s)) : null;
                Duration phase = configs.stream()
                        .map(config -> text(node(Yaml.loadAll(config).getFirst(), "spring", "lifecycle",
                                "timeout-per-shutdown-phase")))
                        .filter(Objects::nonNull).findFirst().map(ServiceFacts::duration).orElse(BOOT_SHUTDOWN_PHASE);
                facts.put(service.module(), new ServiceFacts(service.module(), service.defaultPort(), configuredPort,
                        placeholders, engines(contents(moduleDir.resolve("pom.xml"))), phase));
            }
            return facts;
        }

        private static String placeholderDefault(String placeholder) {
            Matcher m = PLACEHOLDER.matcher(placeholder);
            return m.matches() ? m.group(2) : null;
        }

        private static Set<Engine> engines(String pom) {
            Set<Engine> engines = EnumSet.noneOf(Engine.class);
            Matcher m = DEPENDENCY.matcher(pom);
            while (m.find()) {
                String dependency = m.group(1);
                if (dependency.contains("<scope>test</scope>")) {
                    continue;
                }
                if (dependency.contains("<artifactId>spring-boot-starter-kafka</artifactId>")) {
                    engines.add(Engine.KAFKA);
                }
                if (dependency.contains("<artifactId>postgresql</artifactId>")) {
                    engines.add(Engine.POSTGRES);
                }
                if (dependency.contains("<artifactId>jedis</artifactId>")
                        || dependency.contains("<artifactId>spring-boot-starter-data-redis-reactive</artifactId>")) {
                    engines.add(Engine.REDIS);
                }
            }
            return engines;
        }

        static Duration duration(String text) {
            Matcher m = Pattern.compile("(\\d+)(ms|s|m)").matcher(text.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a duration: " + text);
            }
            long amount = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                default -> Duration.ofMinutes(amount);
            };
        }

        boolean reads(String variable) {
            return placeholders.containsKey(variable) || SPRING_SETTINGS.contains(variable)
                    || JVM_OPTIONS.equals(variable);
        }

        boolean uses(String variable) {
            return Engine.of(variable).map(engines::contains).orElse(true);
        }

        /**
         * Variables whose default only suits a laptop (a localhost endpoint, a local-only key, the superuser, an
         * empty password): a pod left with that default is broken or insecure.
         */
        Set<String> required() {
            Set<String> required = new TreeSet<>();
            placeholders.forEach((name, fallback) -> {
                String value = fallback == null ? "" : fallback.toLowerCase(Locale.ROOT);
                boolean laptopOnly = value.contains("localhost") || value.contains("local")
                        || name.endsWith("_PASSWORD") || name.endsWith("_USER");
                if (laptopOnly && uses(name)) {
                    required.add(name);
                }
            });
            return required;
        }
    }

    /** The Secrets k8s/README.md tells the operator to create: name, keys, namespace. */
    record Readme(String text, Map<String, Set<String>> secrets, Map<String, String> namespaces) {

        private static final Pattern CREATE =
                Pattern.compile("kubectl\\s.*create\\s+secret\\s+generic\\s+([a-z0-9.-]+)(.*)");
        private static final Pattern KEY = Pattern.compile("--from-(?:literal|file)=([A-Za-z0-9._-]+)=");
        private static final Pattern NAMESPACE_FLAG = Pattern.compile("(?:-n|--namespace)[= ]([a-z0-9-]+)");

        static Readme read(Path file) {
            String text = contents(file);
            Map<String, Set<String>> secrets = new TreeMap<>();
            Map<String, String> namespaces = new TreeMap<>();
            for (String line : text.replace("\\\n", " ").split("\n")) {
                Matcher create = CREATE.matcher(line);
                if (create.find()) {
                    Set<String> keys = secrets.computeIfAbsent(create.group(1), k -> new TreeSet<>());
                    Matcher key = KEY.matcher(line);
                    while (key.find()) {
                        keys.add(key.group(1));
                    }
                    Matcher ns = NAMESPACE_FLAG.matcher(line);
                    namespaces.put(create.group(1), ns.find() ? ns.group(1) : null);
                }
            }
            return new Readme(text, secrets, namespaces);
        }

        boolean documents(String secret, String key) {
            return secrets.getOrDefault(secret, Set.of()).contains(key);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // The rules

    static final class Rules {
        private final Map<String, ServiceFacts> facts;
        private final Readme readme;
        private final Build build;
        private final List<String> violations = new ArrayList<>();

        Rules(Map<String, ServiceFacts> facts, Readme readme, Build build) {
            this.facts = facts;
            this.readme = readme;
            this.build = build;
        }

        List<String> check() {
            build.manifests().forEach(this::checkManifest);
            checkModules();
            build.all("Deployment").forEach(this::checkDeployment);
            build.all("Service").forEach(this::checkService);
            build.all("HorizontalPodAutoscaler").forEach(this::checkAutoscaler);
            build.all("PodDisruptionBudget").forEach(this::checkDisruptionBudget);
            build.all("ConfigMap").forEach(this::checkConfigMap);
            checkReadmeNamespaces();
            new NetworkRules().check();
            return violations;
        }

        private void report(Manifest m, String message) {
            violations.add(build.name() + ": " + m.id() + " (" + m.source() + "): " + message);
        }

        private void report(String message) {
            violations.add(build.name() + ": " + message);
        }

        private void checkManifest(Manifest m) {
            if (m.kind() == null || m.name() == null || text(m.doc().get("apiVersion")) == null) {
                report(m, "needs apiVersion, kind and metadata.name");
                return;
            }
            if (m.kind().equals("Secret")) {
                report(m, "Secrets are never in the repository: the operator creates them (k8s/README.md)");
            }
            if (m.kind().equals("Namespace")) {
                if (!m.name().equals(NAMESPACE)) {
                    report(m, "the only namespace is " + NAMESPACE);
                }
                if (!"restricted".equals(at(m.doc(), "metadata", "labels").get("pod-security.kubernetes.io/enforce"))) {
                    report(m, "must enforce the restricted Pod Security Standard");
                }
            } else if (!NAMESPACE.equals(at(m.doc(), "metadata").get("namespace"))) {
                report(m, "must be in namespace " + NAMESPACE);
            }
            if (!NAMESPACED.contains(m.kind()) && !m.kind().equals("Namespace")) {
                report(m, "is a kind these rules do not check");
            }
            if (build.manifests().stream().filter(o -> o.id().equals(m.id())).count() > 1) {
                report(m, "is defined twice");
            }
            strings(m, at(m.doc(), "metadata", "labels"), "label");
            strings(m, at(m.doc(), "metadata", "annotations"), "annotation");
            strings(m, at(m.doc(), "spec", "template", "metadata", "labels"), "pod label");
            strings(m, at(m.doc(), "spec", "template", "metadata", "annotations"), "pod annotation");
            scanForSecrets(m, m.doc(), "");
        }

        private void strings(Manifest m, Map<String, Object> values, String what) {
            values.forEach((key, value) -> {
                if (!(value instanceof String)) {
                    report(m, what + " " + key + " must be a string (quote it): " + value);
                }
            });
        }

        private void scanForSecrets(Manifest m, Object node, String path) {
            if (node instanceof Map<?, ?> map) {
                map.forEach((k, v) -> {
                    if (!k.equals("name") && !k.equals("key")) {
                        scanForSecrets(m, v, path + "." + k);
                    }
                });
            } else if (node instanceof List<?> list) {
                list.forEach(item -> scanForSecrets(m, item,
                        path + "[" + Objects.requireNonNullElse(text(node(item, "name")), "") + "]"));
            } else if (node instanceof String s && SECRET_LOOKING.stream().anyMatch(p -> p.matcher(s).find())) {
                report(m, path.substring(1) + " looks like a secret (" + s
                        + "): secrets come from Secrets the operator creates");
            }
        }

        private void checkModules() {
            for (Service service : Service.values()) {
                boolean sandbox = service == Service.PAYMENT_SANDBOX;
                boolean present = build.find("Deployment", service.module()).isPresent();
                if (sandbox && present && build.profile() != Profile.STAGING) {
                    report("payment-sandbox is for staging only, never "
                            + build.profile().name().toLowerCase(Locale.ROOT));
                } else if (!present && (!sandbox || build.profile() == Profile.STAGING)) {
                    report("no Deployment for " + service.module());
                }
            }
            if (build.find("ConfigMap", CONFIG_MAP).isEmpty()) {
                report("no ConfigMap " + CONFIG_MAP);
            }
        }

        private void checkDeployment(Manifest d) {
            ServiceFacts service = facts.get(d.name());
            if (service == null) {
                report(d, "is no Onsale service (the Deployment is named after its module)");
                return;
            }
            Map<String, Object> template = at(d.doc(), "spec", "template");
            Map<String, String> labels = labels(at(template, "metadata", "labels"));
            Object selector = node(d.doc(), "spec", "selector");
            if (at(selector, "matchLabels").isEmpty() || !selects(selector, labels)) {
                report(d, "spec.selector must name labels of its own pods");
            }
            Map<String, Object> pod = at(template, "spec");
            checkServiceAccount(d, pod);
            checkScaling(d, labels);
            Object seccomp = node(pod, "securityContext", "seccompProfile", "type");
            if (!"RuntimeDefault".equals(seccomp) && !"Localhost".equals(seccomp)) {
                report(d, "the pod needs securityContext.seccompProfile RuntimeDefault (restricted Pod Security)");
            }
            Map<String, Object> annotations = at(template, "metadata", "annotations");
            if (!"true".equals(annotations.get("prometheus.io/scrape"))
                    || !METRICS.equals(annotations.get("prometheus.io/path"))) {
                report(d, "needs the annotations prometheus.io/scrape \"true\" and prometheus.io/path " + METRICS);
            }
            List<Object> containers = list(pod.get("containers"));
            if (containers.isEmpty()) {
                report(d, "has no containers");
            }
            for (Object container : containers) {
                new ContainerRules(d, service, pod, map(container), annotations).check();
            }
        }

        private void checkServiceAccount(Manifest d, Map<String, Object> pod) {
            String account = text(pod.get("serviceAccountName"));
            if (account == null || account.equals("default")) {
                report(d, "needs a serviceAccountName of its own");
            } else {
                Optional<Manifest> sa = build.find("ServiceAccount", account);
                if (sa.isEmpty()) {
                    report(d, "runs as ServiceAccount " + account + ", which is not defined");
                } else if (!Boolean.FALSE.equals(sa.get().doc().get("automountServiceAccountToken"))) {
                    report(sa.get(), "automountServiceAccountToken must be false: "
                            + "no service talks to the Kubernetes API");
                }
            }
            if (!Boolean.FALSE.equals(pod.get("automountServiceAccountToken"))) {
                report(d, "the pod's automountServiceAccountToken must be false");
            }
        }

        private void checkScaling(Manifest d, Map<String, String> labels) {
            List<Manifest> autoscalers = build.all("HorizontalPodAutoscaler").stream()
                    .filter(h -> d.name().equals(at(h.doc(), "spec", "scaleTargetRef").get("name"))).toList();
            Object replicas = at(d.doc(), "spec").get("replicas");
            if (d.name().equals(SANDBOX)) {
                if (!Long.valueOf(1).equals(replicas) || !autoscalers.isEmpty()) {
                    report(d, "must run exactly one replica, no autoscaler: its ledger lives in its memory");
                }
                return;
            }
            if (autoscalers.size() != 1) {
                report(d, "needs exactly one HorizontalPodAutoscaler, has " + autoscalers.size());
            } else if (replicas != null) {
                report(d, "sets spec.replicas although its HorizontalPodAutoscaler owns them "
                        + "(every apply would reset them)");
            }
            List<Object> spread = list(node(d.doc(), "spec", "template", "spec", "topologySpreadConstraints"));
            if (spread.stream().noneMatch(c -> "topology.kubernetes.io/zone".equals(node(c, "topologyKey"))
                    && selects(node(c, "labelSelector"), labels))) {
                report(d, "needs a topologySpreadConstraint over topology.kubernetes.io/zone selecting its pods");
            }
            if (build.all("PodDisruptionBudget").stream()
                    .noneMatch(p -> selects(node(p.doc(), "spec", "selector"), labels))) {
                report(d, "no PodDisruptionBudget selects its pods");
            }
        }

        /** The rules for one container of a Deployment. */
        private final class ContainerRules {
            private final Manifest d;
            private final ServiceFacts service;
            private final Map<String, Object> pod;
            private final Map<String, Object> c;
            private final Map<String, Object> annotations;
            private final Map<String, Integer> ports = new LinkedHashMap<>();
            private final Map<String, Map<String, Object>> env = new LinkedHashMap<>();

            ContainerRules(Manifest d, ServiceFacts service, Map<String, Object> pod, Map<String, Object> c,
                           Map<String, Object> annotations) {
                this.d = d;
                this.service = service;
                this.pod = pod;
                this.c = c;
                this.annotations = annotations;
            }

            private void report(String message) {
                Rules.this.report(d, "container " + c.get("name") + ": " + message);
            }

            void check() {
                image();
                ports();
                environment();
                resources();
                probes();
                shutdown();
                security();
            }

            private void image() {
                String image = text(c.get("image"));
                Matcher m = IMAGE.matcher(image == null ? "" : image);
                if (image == null || image.endsWith(":latest") || !image.contains(":")) {
                    report("image " + image + " must carry a release tag, never latest");
                } else if (!m.matches() || !m.group(1).equals(service.module())) {
                    report("image " + image + " must be ghcr.io/onsale/" + service.module() + ":<version>");
                }
            }

            private void ports() {
                for (Object port : list(c.get("ports"))) {
                    Integer number = integer(node(port, "containerPort"));
                    ports.put(Objects.requireNonNullElse(text(node(port, "name")), String.valueOf(number)), number);
                }
                Integer http = ports.get("http");
                if (http == null) {
                    report("no port named http");
                } else if (http != service.launcherPort()
                        || (service.configuredPort() != null && http.intValue() != service.configuredPort())) {
                    report("port http is " + http + " but " + service.module() + " listens on " + service.launcherPort()
                            + " (launcher) / " + service.configuredPort() + " (application.yml)");
                }
            }

            private void environment() {
                for (Object entry : list(c.get("env"))) {
                    Map<String, Object> e = map(entry);
                    String name = text(e.get("name"));
                    if (env.put(name, e) != null) {
                        report("sets " + name + " twice");
                    }
                    variable(name, e);
                }
                for (String name : service.required()) {
                    if (!env.containsKey(name)) {
                        report(name + " is not set: " + service.module() + " would run with its local default ("
                                + service.placeholders().get(name) + ")");
                    }
                }
                String jvm = literal(JVM_OPTIONS);
                if (jvm == null || !jvm.contains("-XX:MaxRAMPercentage=") || jvm.contains("-Xmx")) {
                    report(JVM_OPTIONS + " must size the heap with -XX:MaxRAMPercentage (and no -Xmx)");
                }
                String serverPort = literal("SERVER_PORT");
                if (serverPort != null && !serverPort.equals(String.valueOf(ports.get("http")))) {
                    report("SERVER_PORT " + serverPort + " is not the container's http port " + ports.get("http"));
                }
                urls();
            }

            private void variable(String name, Map<String, Object> e) {
                if (!service.reads(name)) {
                    report(service.module() + " does not read " + name);
                } else if (!service.uses(name)) {
                    report(name + ": " + service.module() + " does not use " + Engine.of(name).orElseThrow().label());
                }
                boolean secret = SECRET_VARIABLE.matcher(name).matches();
                Object valueFrom = e.get("valueFrom");
                if (e.containsKey("value")) {
                    if (valueFrom != null) {
                        report(name + " has both value and valueFrom");
                    }
                    if (secret) {
                        report(name + " must come from a secretKeyRef, never a literal");
                    } else if (!LITERAL_SETTINGS.contains(name)) {
                        report(name + " is not on the allow-list of literal settings: take it from the ConfigMap");
                    }
                    if (!(e.get("value") instanceof String)) {
                        report(name + "'s value must be a string (quote it)");
                    }
                    return;
                }
                Map<String, Object> config = at(valueFrom, "configMapKeyRef");
                Map<String, Object> secretRef = at(valueFrom, "secretKeyRef");
                if (map(valueFrom).size() != 1 || (config.isEmpty() && secretRef.isEmpty())) {
                    report(name + " must be a literal, a configMapKeyRef or a secretKeyRef");
                } else if (!config.isEmpty()) {
                    if (secret) {
                        report(name + " must come from a secretKeyRef, not a ConfigMap");
                    }
                    String key = text(config.get("key"));
                    Optional<Manifest> map = build.find("ConfigMap", text(config.get("name")));
                    if (map.isEmpty() || !at(map.get().doc(), "data").containsKey(key)) {
                        report(name + ": ConfigMap " + config.get("name") + " has no key " + key);
                    }
                } else {
                    String secretName = text(secretRef.get("name"));
                    String key = text(secretRef.get("key"));
                    if (!readme.documents(secretName, key)) {
                        report(name + ": Secret " + secretName + " key " + key
                                + " is not created by a `kubectl create secret` command in k8s/README.md");
                    }
                    if (Boolean.TRUE.equals(secretRef.get("optional")) && service.required().contains(name)) {
                        report(name + " is required but its secretKeyRef is optional: "
                                + "a missing Secret would leave the local default");
                    }
                }
            }

            private void urls() {
                for (String backend : List.of("queue", "inventory", "booking", "payment")) {
                    String name = "ONSALE_" + backend.toUpperCase(Locale.ROOT) + "_URL";
                    if (env.containsKey(name)) {
                        inCluster(name, literal(name), backend + "-service", "");
                    }
                }
                if (env.containsKey("ONSALE_SANDBOX_WEBHOOK_URL")) {
                    inCluster("ONSALE_SANDBOX_WEBHOOK_URL", literal("ONSALE_SANDBOX_WEBHOOK_URL"), GATEWAY,
                            "/webhooks/payments");
                }
                String provider = resolved("ONSALE_PAYMENT_PROVIDER_URL");
                if (provider != null) {
                    if (build.profile() == Profile.STAGING) {
                        inCluster("ONSALE_PAYMENT_PROVIDER_URL", provider, SANDBOX, "");
                    } else if (!provider.startsWith("https://")
                            || build.find("Service", URI.create(provider).getHost()).isPresent()) {
                        report("ONSALE_PAYMENT_PROVIDER_URL " + provider + " must be the acquirer's https URL");
                    }
                }
            }

            /** {@code url} is http://<service>:<port><path>; that Service selects the module's pods, on that port. */
            private void inCluster(String name, String url, String module, String path) {
                URI uri = url == null ? null : URI.create(url);
                Optional<Manifest> svc = uri == null ? Optional.empty() : build.find("Service", uri.getHost());
                Optional<Manifest> target = build.find("Deployment", module);
                Map<String, Object> selector = svc.map(s -> at(s.doc(), "spec", "selector")).orElse(Map.of());
                boolean selectsModule = !selector.isEmpty() && target.isPresent()
                        && selects(Map.of("matchLabels", selector), podLabels(target.get()));
                boolean hasPort = svc.isPresent() && list(node(svc.get().doc(), "spec", "ports")).stream()
                        .anyMatch(p -> Objects.equals(integer(node(p, "port")), uri.getPort()));
                if (uri == null || !"http".equals(uri.getScheme()) || !selectsModule || !hasPort
                        || !path.equals(Objects.requireNonNullElse(uri.getPath(), ""))) {
                    report(name + " " + url + " must be http://<Service of " + module + ">:<its port>" + path);
                }
            }

            private String literal(String name) {
                Map<String, Object> e = env.get(name);
                return e == null ? null : text(e.get("value"));
            }

            private String resolved(String name) {
                Map<String, Object> e = env.get(name);
                if (e == null) {
                    return null;
                }
                if (e.containsKey("value")) {
                    return text(e.get("value"));
                }
                Map<String, Object> ref = at(e, "valueFrom", "configMapKeyRef");
                return build.find("ConfigMap", text(ref.get("name")))
                        .map(cm -> text(at(cm.doc(), "data").get(text(ref.get("key"))))).orElse(null);
            }

            private void resources() {
                for (String resource : List.of("cpu", "memory")) {
                    Object request = at(c, "resources", "requests").get(resource);
                    Object limit = at(c, "resources", "limits").get(resource);
                    if (request == null || limit == null) {
                        report("needs resources.requests." + resource + " and resources.limits." + resource);
                    } else if (quantity(limit).compareTo(quantity(request)) < 0) {
                        report("the " + resource + " limit " + limit + " is below its request " + request);
                    }
                }
            }

            private void probes() {
                Integer readiness = probe("readinessProbe", READINESS);
                Integer liveness = probe("livenessProbe", LIVENESS);
                Integer startup = probe("startupProbe", null);
                Map<String, Object> start = at(c, "startupProbe");
                long budget = longOr(start.get("initialDelaySeconds"), 0)
                        + longOr(start.get("periodSeconds"), 10) * longOr(start.get("failureThreshold"), 3);
                if (!start.isEmpty() && budget < STARTUP_BUDGET.toSeconds()) {
                    report("startupProbe allows " + budget + " s to start; a start may take "
                            + STARTUP_BUDGET.toSeconds() + " s");
                }
                Set<Integer> probed = new LinkedHashSet<>();
                Stream.of(readiness, liveness, startup).filter(Objects::nonNull).forEach(probed::add);
                if (probed.size() > 1) {
                    report("the probes must all ask the same (management) port");
                }
                Integer management = probed.stream().findFirst().orElse(null);
                String managementPort = literal("MANAGEMENT_SERVER_PORT");
                if (management != null && !management.equals(ports.get("http"))
                        && !String.valueOf(management).equals(managementPort)) {
                    report("the probes ask port " + management + " but MANAGEMENT_SERVER_PORT is " + managementPort
                            + ": actuator would not be there");
                }
                if (management != null && !String.valueOf(management).equals(annotations.get("prometheus.io/port"))) {
                    report("prometheus.io/port must be the actuator's port " + management);
                }
            }

            /** The port a probe asks, after checking its path ({@code null}: liveness or readiness). */
            private Integer probe(String probe, String path) {
                Map<String, Object> get = at(c, probe, "httpGet");
                String actual = text(get.get("path"));
                boolean pathOk = path == null
                        ? READINESS.equals(actual) || LIVENESS.equals(actual) : path.equals(actual);
                if (get.isEmpty() || !pathOk) {
                    report(probe + " must GET " + (path == null ? LIVENESS : path) + ", is " + actual);
                    return null;
                }
                Object port = get.get("port");
                Integer number = port instanceof String name ? ports.get(name) : integer(port);
                if (number == null || !ports.containsValue(number)) {
                    report(probe + ": probe port " + port + " is not a port of the container");
                }
                return number;
            }

            private void shutdown() {
                Long pause = integerOrNull(at(c, "lifecycle", "preStop", "sleep").get("seconds"));
                if (pause == null || pause < 5) {
                    report("needs a lifecycle.preStop sleep of at least 5 s, so that no request arrives after SIGTERM");
                    pause = 0L;
                }
                long needed = pause + service.shutdownPhase().toSeconds() + DRAIN_MARGIN.toSeconds();
                long grace = longOr(pod.get("terminationGracePeriodSeconds"), 30);
                if (grace < needed) {
                    report("terminationGracePeriodSeconds " + grace + " < " + needed + " (preStop " + pause
                            + " s + shutdown phase " + service.shutdownPhase().toSeconds() + " s + margin)");
                }
            }

            private void security() {
                Map<String, Object> s = at(c, "securityContext");
                if (!Boolean.TRUE.equals(s.get("runAsNonRoot"))) {
                    report("securityContext.runAsNonRoot must be true");
                }
                if (!Boolean.TRUE.equals(s.get("readOnlyRootFilesystem"))) {
                    report("securityContext.readOnlyRootFilesystem must be true");
                }
                if (!Boolean.FALSE.equals(s.get("allowPrivilegeEscalation"))) {
                    report("securityContext.allowPrivilegeEscalation must be false");
                }
                if (Boolean.TRUE.equals(s.get("privileged"))) {
                    report("must not be privileged");
                }
                Map<String, Object> capabilities = at(s, "capabilities");
                if (!list(capabilities.get("drop")).contains("ALL") || !list(capabilities.get("add")).isEmpty()) {
                    report("securityContext.capabilities must drop ALL and add none");
                }
                Optional<String> tmp = list(c.get("volumeMounts")).stream()
                        .filter(v -> "/tmp".equals(node(v, "mountPath"))).map(v -> text(node(v, "name"))).findFirst();
                boolean emptyDir = tmp.isPresent() && list(pod.get("volumes")).stream()
                        .anyMatch(v -> tmp.get().equals(node(v, "name")) && map(v).get("emptyDir") instanceof Map);
                if (!emptyDir) {
                    report("needs an emptyDir volume mounted at /tmp (the root filesystem is read-only)");
                }
            }
        }

        private void checkService(Manifest s) {
            Map<String, Object> selector = at(s.doc(), "spec", "selector");
            List<Manifest> targets = build.all("Deployment").stream().filter(d -> !selector.isEmpty()
                    && selects(Map.of("matchLabels", selector), podLabels(d))).toList();
            if (targets.size() != 1) {
                report(s, targets.isEmpty() ? "selects no Deployment's pods"
                        : "selects the pods of " + targets.size() + " Deployments");
                return;
            }
            Object container = containers(targets.getFirst()).stream().findFirst().orElse(null);
            for (Object port : list(node(s.doc(), "spec", "ports"))) {
                Object target = Objects.requireNonNullElse(node(port, "targetPort"), node(port, "port"));
                Optional<Integer> resolved = list(node(container, "ports")).stream()
                        .filter(p -> target.equals(node(p, "name")) || target.equals(node(p, "containerPort")))
                        .map(p -> integer(node(p, "containerPort"))).findFirst();
                if (resolved.isEmpty()) {
                    report(s, "targetPort " + target + " is no port of " + targets.getFirst().name());
                } else if (!resolved.get().equals(integer(node(port, "port")))) {
                    report(s, "port " + node(port, "port") + " must equal the container port " + resolved.get()
                            + " (the URLs name the service's own port)");
                }
            }
        }

        private void checkAutoscaler(Manifest h) {
            Map<String, Object> spec = at(h.doc(), "spec");
            if (!"autoscaling/v2".equals(h.doc().get("apiVersion"))) {
                report(h, "must be autoscaling/v2");
            }
            Map<String, Object> target = at(spec, "scaleTargetRef");
            if (!"Deployment".equals(target.get("kind"))
                    || build.find("Deployment", text(target.get("name"))).isEmpty()) {
                report(h, "scales " + target.get("kind") + "/" + target.get("name") + ", which is not defined");
            }
            long min = longOr(spec.get("minReplicas"), 1);
            if (min < 2 || longOr(spec.get("maxReplicas"), 0) < min) {
                report(h, "minReplicas must be at least 2 (a disruption budget needs a spare), "
                        + "and maxReplicas at least that");
            }
            boolean cpu = list(spec.get("metrics")).stream().anyMatch(m -> "Resource".equals(node(m, "type"))
                    && "cpu".equals(node(m, "resource", "name"))
                    && "Utilization".equals(node(m, "resource", "target", "type")));
            if (!cpu) {
                report(h, "must scale on cpu utilization");
            }
        }

        private void checkDisruptionBudget(Manifest p) {
            Map<String, Object> spec = at(p.doc(), "spec");
            if (!"policy/v1".equals(p.doc().get("apiVersion"))) {
                report(p, "must be policy/v1");
            }
            if (build.all("Deployment").stream().noneMatch(d -> selects(spec.get("selector"), podLabels(d)))) {
                report(p, "selects no Deployment's pods");
            }
            if (!(spec.get("maxUnavailable") instanceof Number n && n.longValue() >= 1)) {
                report(p, "must allow maxUnavailable >= 1, or a node drain blocks");
            }
        }

        private void checkConfigMap(Manifest m) {
            at(m.doc(), "data").forEach((key, value) -> {
                if (!(value instanceof String)) {
                    report(m, key + " must be a string (quote it)");
                }
                if (!readme.text().contains(key)) {
                    report(m, key + " is not documented in k8s/README.md");
                }
            });
        }

        private void checkReadmeNamespaces() {
            readme.namespaces().forEach((secret, ns) -> {
                if (!NAMESPACE.equals(ns)) {
                    report("k8s/README.md creates Secret " + secret + " outside namespace " + NAMESPACE);
                }
            });
        }

        /** Flows, judged by evaluating the NetworkPolicies for pairs of peers, as the cluster would. */
        private final class NetworkRules {
            private final Network network = new Network(build.all("NetworkPolicy"));
            private final Map<String, Peer> pods = new TreeMap<>();

            void check() {
                for (Manifest d : build.all("Deployment")) {
                    Map<String, Integer> ports = new LinkedHashMap<>();
                    containers(d).forEach(c -> list(node(c, "ports")).forEach(p ->
                            ports.put(text(node(p, "name")), integer(node(p, "containerPort")))));
                    pods.put(d.name(), Peer.pod(NAMESPACE, podLabels(d), ports));
                }
                boolean defaultDeny = build.all("NetworkPolicy").stream().anyMatch(p -> {
                    Map<String, Object> spec = at(p.doc(), "spec");
                    return map(spec.get("podSelector")).isEmpty() && spec.get("podSelector") != null
                            && list(spec.get("policyTypes")).containsAll(List.of("Ingress", "Egress"))
                            && list(spec.get("ingress")).isEmpty() && list(spec.get("egress")).isEmpty();
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
                List<Peer> strangers = List.of(Peer.address(INTERNET), Peer.pod("ingress-nginx", Map.of(), Map.of()),
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
                    Map<String, Object> container = containers(build.find("Deployment", name).orElseThrow()).stream()
                            .findFirst().map(KubernetesManifestsTest::map).orElse(Map.of());
                    for (Engine engine : Engine.values()) {
                        for (Endpoint endpoint : endpoints(name, engine, container)) {
                            engines.computeIfAbsent(engine, e -> new LinkedHashSet<>()).add(endpoint);
                            if (!network.egress(pod, endpoint.peer(), endpoint.port(), "TCP")) {
                                report(name + " cannot reach its " + engine.label() + " at " + endpoint);
                            }
                        }
                    }
                    boolean provider = build.profile() == Profile.PRODUCTION && name.equals("payment-service");
                    if (network.egress(pod, Peer.address(INTERNET), 443, "TCP") != provider) {
                        report(provider ? "payment-service cannot reach the acquirer (https on the internet)"
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
                            report(name + " may reach " + engine.label() + " (" + endpoint
                                    + "), which it does not use");
                        }
                    }
                }));
            }

            private List<Endpoint> endpoints(String module, Engine engine, Map<String, Object> container) {
                Map<String, Object> entry = list(container.get("env")).stream().map(KubernetesManifestsTest::map)
                        .filter(e -> engine.endpoint.equals(e.get("name"))).findFirst().orElse(null);
                if (entry == null) {
                    return List.of();
                }
                Map<String, Object> ref = at(entry, "valueFrom", "configMapKeyRef");
                String value = entry.containsKey("value") ? text(entry.get("value"))
                        : build.find("ConfigMap", text(ref.get("name")))
                                .map(cm -> text(at(cm.doc(), "data").get(text(ref.get("key"))))).orElse(null);
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
                    case POSTGRES -> List.of(value.replaceFirst("^jdbc:postgresql://", "")
                            .replaceFirst("[/?].*$", "").split(","));
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
    }

    /** Where an engine listens: a Service in the engine's namespace. */
    record Endpoint(String namespace, int port) {

        Peer peer() {
            return Peer.pod(namespace, Map.of(), Map.of());
        }

        @Override
        public String toString() {
            return namespace + ":" + port;
        }
    }

    /** A party to a connection: a pod (namespace, labels, named ports) or an address outside the cluster. */
    record Peer(String namespace, Map<String, String> labels, Map<String, Integer> ports, String address) {

        static Peer pod(String namespace, Map<String, String> labels, Map<String, Integer> ports) {
            return new Peer(namespace, labels, ports, null);
        }

        static Peer address(String address) {
            return new Peer(null, Map.of(), Map.of(), address);
        }

        String describe() {
            return address != null ? "address " + address : "namespace " + namespace;
        }
    }

    /** NetworkPolicy semantics for the policies of namespace onsale. */
    record Network(List<Manifest> policies) {

        boolean ingress(Peer target, Peer source, int port, String protocol) {
            return decide("Ingress", target, source, target, port, protocol);
        }

        boolean egress(Peer source, Peer target, int port, String protocol) {
            return decide("Egress", source, target, target, port, protocol);
        }

        private boolean decide(String type, Peer subject, Peer other, Peer portOwner, int port, String protocol) {
            if (subject.address() != null || !NAMESPACE.equals(subject.namespace())) {
                return true;
            }
            boolean isolated = false;
            for (Manifest policy : policies) {
                Map<String, Object> spec = at(policy.doc(), "spec");
                if (spec.get("podSelector") == null || !selects(spec.get("podSelector"), subject.labels())
                        || !policyTypes(spec).contains(type)) {
                    continue;
                }
                isolated = true;
                for (Object rule : list(spec.get(type.equals("Ingress") ? "ingress" : "egress"))) {
                    if (portMatches(list(node(rule, "ports")), portOwner, port, protocol)
                            && peerMatches(node(rule, type.equals("Ingress") ? "from" : "to"), other)) {
                        return true;
                    }
                }
            }
            return !isolated;
        }

        private static List<Object> policyTypes(Map<String, Object> spec) {
            if (spec.containsKey("policyTypes")) {
                return list(spec.get("policyTypes"));
            }
            return spec.containsKey("egress") ? List.of("Ingress", "Egress") : List.of("Ingress");
        }

        private static boolean portMatches(List<Object> ports, Peer owner, int port, String protocol) {
            if (ports.isEmpty()) {
                return true;
            }
            for (Object p : ports) {
                if (!protocol.equals(Objects.requireNonNullElse(text(node(p, "protocol")), "TCP"))) {
                    continue;
                }
                Object value = node(p, "port");
                Long end = integerOrNull(node(p, "endPort"));
                boolean number = value instanceof Number n
                        && (n.intValue() == port || end != null && n.intValue() <= port && port <= end);
                boolean named = value instanceof String name && Objects.equals(owner.ports().get(name), port);
                if (value == null || number || named) {
                    return true;
                }
            }
            return false;
        }

        private static boolean peerMatches(Object peers, Peer other) {
            List<Object> list = list(peers);
            if (peers == null || list.isEmpty()) {
                return true;
            }
            for (Object peer : list) {
                Map<String, Object> block = at(peer, "ipBlock");
                if (!block.isEmpty()) {
                    if (other.address() != null && inCidr(other.address(), text(block.get("cidr")))
                            && list(block.get("except")).stream().noneMatch(e -> inCidr(other.address(), text(e)))) {
                        return true;
                    }
                    continue;
                }
                if (other.address() != null) {
                    continue;
                }
                Object namespaces = node(peer, "namespaceSelector");
                Object pods = node(peer, "podSelector");
                if (namespaces == null && pods == null) {
                    continue;
                }
                boolean namespaceOk = namespaces == null ? NAMESPACE.equals(other.namespace())
                        : selects(namespaces, Map.of("kubernetes.io/metadata.name", other.namespace()));
                if (namespaceOk && (pods == null || selects(pods, other.labels()))) {
                    return true;
                }
            }
            return false;
        }

        private static boolean inCidr(String address, String cidr) {
            if (cidr == null || cidr.contains(":") || address.contains(":")) {
                return false;
            }
            String[] parts = cidr.split("/");
            int bits = parts.length > 1 ? Integer.parseInt(parts[1]) : 32;
            long mask = bits == 0 ? 0 : (0xFFFFFFFFL << (32 - bits)) & 0xFFFFFFFFL;
            return (ipv4(address) & mask) == (ipv4(parts[0]) & mask);
        }

        private static long ipv4(String address) {
            long value = 0;
            for (String octet : address.split("\\.")) {
                value = value << 8 | Integer.parseInt(octet);
            }
            return value;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // kustomize, for the subset the manifests use

    static final class Kustomize {
        private static final Set<String> FIELDS = Set.of("apiVersion", "kind", "resources", "patches");
        /** Lists merged by the {@code name} of their items; any other list of objects in a patch is refused. */
        private static final Set<String> MERGED_BY_NAME = Set.of("containers", "initContainers", "env", "volumes");

        private Kustomize() {
        }

        /** The manifests kustomize would emit for {@code dir}: its resources, then its patches applied in order. */
        static List<Manifest> build(Path dir) {
            Map<String, Object> kustomization =
                    map(Yaml.loadAll(contents(dir.resolve("kustomization.yaml"))).getFirst());
            for (String field : kustomization.keySet()) {
                if (field.equals("secretGenerator")) {
                    throw new IllegalStateException(dir + ": secretGenerator: Secrets are never in the repository");
                }
                if (!FIELDS.contains(field)) {
                    throw new IllegalStateException(dir + "/kustomization.yaml: " + field
                            + " is not emulated by KubernetesManifestsTest; teach it before using it");
                }
            }
            List<Manifest> manifests = new ArrayList<>();
            for (Object resource : list(kustomization.get("resources"))) {
                Path path = dir.resolve(text(resource)).normalize();
                if (Files.isDirectory(path)) {
                    manifests.addAll(build(path));
                } else {
                    for (Object doc : Yaml.loadAll(contents(path))) {
                        manifests.add(new Manifest(relative(path), map(doc)));
                    }
                }
            }
            for (Object patch : list(kustomization.get("patches"))) {
                if (map(patch).keySet().size() != 1 || text(map(patch).get("path")) == null) {
                    throw new IllegalStateException(dir + ": only `patches: - path: <file>` is emulated, not " + patch);
                }
                Path path = dir.resolve(text(map(patch).get("path"))).normalize();
                for (Object doc : Yaml.loadAll(contents(path))) {
                    Manifest p = new Manifest(relative(path), map(doc));
                    int index = -1;
                    for (int i = 0; i < manifests.size(); i++) {
                        if (manifests.get(i).id().equals(p.id())) {
                            index = i;
                        }
                    }
                    if (index < 0) {
                        throw new IllegalStateException(path + ": the patch of " + p.id() + " targets nothing");
                    }
                    Manifest target = manifests.get(index);
                    manifests.set(index, new Manifest(target.source() + " + " + p.source(),
                            map(merge(target.doc(), p.doc(), ""))));
                }
            }
            return manifests;
        }

        private static String relative(Path path) {
            return path.startsWith(K8S) ? "k8s/" + K8S.relativize(path) : path.getFileName().toString();
        }

        /** A strategic merge patch of {@code patch} onto {@code base}, for maps and lists merged by name. */
        static Object merge(Object base, Object patch, String field) {
            if (base instanceof Map<?, ?> b && patch instanceof Map<?, ?> p) {
                Map<String, Object> result = deepCopy(map(b));
                p.forEach((k, v) -> {
                    String key = (String) k;
                    if (key.startsWith("$")) {
                        throw new IllegalStateException("patch directive " + key + " is not emulated");
                    }
                    if (v == null) {
                        result.remove(key);
                    } else {
                        result.put(key, result.containsKey(key) ? merge(result.get(key), v, key) : deepCopy(v));
                    }
                });
                return result;
            }
            if (base instanceof List<?> b && patch instanceof List<?> p && !p.isEmpty()
                    && p.stream().allMatch(Map.class::isInstance)) {
                if (!MERGED_BY_NAME.contains(field)
                        || p.stream().anyMatch(item -> text(map(item).get("name")) == null)) {
                    throw new IllegalStateException("the emulation merges lists of objects by name only ("
                            + MERGED_BY_NAME + "); " + field + " is not one of them");
                }
                List<Object> result = deepCopy(new ArrayList<>(b));
                for (Object item : p) {
                    Object name = map(item).get("name");
                    int index = -1;
                    for (int i = 0; i < result.size(); i++) {
                        if (name.equals(map(result.get(i)).get("name"))) {
                            index = i;
                        }
                    }
                    if (index < 0) {
                        result.add(deepCopy(item));
                    } else {
                        result.set(index, merge(result.get(index), item, field));
                    }
                }
                return result;
            }
            return deepCopy(patch);
        }

        /** Every YAML file under {@code root} is a kustomization or listed by the kustomization of its directory. */
        static List<String> coverage(Path root) {
            List<String> violations = new ArrayList<>();
            Set<Path> listed = new LinkedHashSet<>();
            List<Path> files;
            try (Stream<Path> walk = Files.walk(root)) {
                files = walk.filter(Files::isRegularFile).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (!name.endsWith(".yaml") && !(name.equals("README.md") && file.getParent().equals(root))) {
                    violations.add(root.relativize(file) + ": only .yaml manifests and README.md belong under k8s/");
                }
                if (!name.equals("kustomization.yaml")) {
                    continue;
                }
                Map<String, Object> kustomization = map(Yaml.loadAll(contents(file)).getFirst());
                List<Object> entries = new ArrayList<>(list(kustomization.get("resources")));
                list(kustomization.get("patches")).forEach(p -> entries.add(map(p).get("path")));
                for (Object entry : entries) {
                    Path path = file.getParent().resolve(String.valueOf(entry)).normalize();
                    if (Files.isDirectory(path) && !Files.isRegularFile(path.resolve("kustomization.yaml"))) {
                        violations.add(root.relativize(file) + " lists " + entry
                                + ", a directory without kustomization.yaml");
                    } else if (!Files.exists(path)) {
                        violations.add(root.relativize(file) + " lists " + root.relativize(path)
                                + ", which does not exist");
                    } else {
                        listed.add(path);
                    }
                }
            }
            for (Path file : files) {
                String name = file.getFileName().toString();
                boolean manifest = name.endsWith(".yaml") && !name.equals("kustomization.yaml");
                if (manifest && !listed.contains(file.normalize())) {
                    violations.add(root.relativize(file) + " is listed by no kustomization: kustomize would ignore it");
                }
            }
            return violations;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // YAML

    /** Every document of a multi-document YAML source, read safely (no tags, no objects); integers as Long. */
    static final class Yaml {
        private Yaml() {
        }

        static List<Object> loadAll(String source) {
            var yaml = new org.yaml.snakeyaml.Yaml(new org.yaml.snakeyaml.constructor.SafeConstructor(
                    new org.yaml.snakeyaml.LoaderOptions()));
            List<Object> documents = new ArrayList<>();
            for (Object document : yaml.loadAll(source)) {
                if (document != null) {
                    documents.add(normalized(document));
                }
            }
            return documents;
        }

        private static Object normalized(Object value) {
            if (value instanceof Integer i) {
                return i.longValue();
            }
            if (value instanceof java.math.BigInteger b) {
                return b.longValueExact();
            }
            if (value instanceof Map<?, ?> map) {
                Map<String, Object> copy = new LinkedHashMap<>();
                map.forEach((k, v) -> copy.put(String.valueOf(k), normalized(v)));
                return copy;
            }
            if (value instanceof List<?> list) {
                List<Object> copy = new ArrayList<>();
                list.forEach(v -> copy.add(normalized(v)));
                return copy;
            }
            return value;
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Small helpers over the parsed trees

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object node) {
        return node instanceof Map<?, ?> m ? (Map<String, Object>) m : new LinkedHashMap<>();
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object node) {
        return node instanceof List<?> l ? (List<Object>) l : new ArrayList<>();
    }

    /** The map at {@code path} under {@code root} (an empty, detached map where there is none or it is no map). */
    static Map<String, Object> at(Object root, String... path) {
        return map(node(root, path));
    }

    /** The node at {@code path} under {@code root}, or null. */
    static Object node(Object root, String... path) {
        Object node = root;
        for (String key : path) {
            node = map(node).get(key);
        }
        return node;
    }

    static String text(Object node) {
        return node instanceof String s ? s : null;
    }

    static Integer integer(Object node) {
        return node instanceof Number n ? Integer.valueOf(n.intValue()) : null;
    }

    static Long integerOrNull(Object node) {
        return node instanceof Number n ? Long.valueOf(n.longValue()) : null;
    }

    static long longOr(Object node, long fallback) {
        return node instanceof Number n ? n.longValue() : fallback;
    }

    static Map<String, String> labels(Map<String, Object> labels) {
        Map<String, String> result = new TreeMap<>();
        labels.forEach((k, v) -> result.put(k, String.valueOf(v)));
        return result;
    }

    static Map<String, String> podLabels(Manifest deployment) {
        return labels(at(deployment.doc(), "spec", "template", "metadata", "labels"));
    }

    static List<Object> containers(Manifest deployment) {
        return list(at(deployment.doc(), "spec", "template", "spec").get("containers"));
    }

    /** Whether a label selector ({@code matchLabels}, {@code matchExpressions}) selects {@code labels}. */
    static boolean selects(Object selector, Map<String, String> labels) {
        if (!(selector instanceof Map)) {
            return false;
        }
        for (var e : at(selector, "matchLabels").entrySet()) {
            if (!String.valueOf(e.getValue()).equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (Object expression : list(node(selector, "matchExpressions"))) {
            String key = text(node(expression, "key"));
            List<Object> values = list(node(expression, "values"));
            boolean has = labels.containsKey(key);
            boolean ok = switch (String.valueOf(node(expression, "operator"))) {
                case "In" -> has && values.contains(labels.get(key));
                case "NotIn" -> !has || !values.contains(labels.get(key));
                case "Exists" -> has;
                case "DoesNotExist" -> !has;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** A Kubernetes quantity ({@code 500m}, {@code 2}, {@code 768Mi}, {@code 1G}) as a number. */
    static BigDecimal quantity(Object value) {
        String text = String.valueOf(value);
        Matcher m = Pattern.compile("([0-9.]+)([a-zA-Z]*)").matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a quantity: " + text);
        }
        BigDecimal number = new BigDecimal(m.group(1));
        long factor = switch (m.group(2)) {
            case "" -> 1;
            case "m" -> -1000;
            case "k" -> 1000L;
            case "M" -> 1000L * 1000;
            case "G" -> 1000L * 1000 * 1000;
            case "Ki" -> 1024L;
            case "Mi" -> 1024L * 1024;
            case "Gi" -> 1024L * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown quantity suffix: " + text);
        };
        return factor < 0 ? number.divide(BigDecimal.valueOf(-factor)) : number.multiply(BigDecimal.valueOf(factor));
    }

    @SuppressWarnings("unchecked")
    static <T> T deepCopy(T node) {
        if (node instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, v) -> copy.put((String) k, deepCopy(v)));
            return (T) copy;
        }
        if (node instanceof List<?> l) {
            List<Object> copy = new ArrayList<>();
            l.forEach(v -> copy.add(deepCopy(v)));
            return (T) copy;
        }
        return node;
    }

    static Map<String, Object> mapOf(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    static String contents(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    static Optional<Path> onPath(String program) {
        return Stream.of(Objects.requireNonNullElse(System.getenv("PATH"), "").split(java.io.File.pathSeparator))
                .filter(dir -> !dir.isBlank()).map(dir -> Path.of(dir, program)).filter(Files::isExecutable)
                .findFirst();
    }
}
