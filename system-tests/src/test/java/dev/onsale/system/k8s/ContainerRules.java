package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Cluster.JVM_OPTIONS;
import static dev.onsale.system.k8s.Cluster.LIVENESS;
import static dev.onsale.system.k8s.Cluster.READINESS;
import static dev.onsale.system.k8s.Cluster.SANDBOX;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.integer;
import static dev.onsale.system.k8s.Nodes.integerOrNull;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.longOr;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.podLabels;
import static dev.onsale.system.k8s.Nodes.quantity;
import static dev.onsale.system.k8s.Nodes.selects;
import static dev.onsale.system.k8s.Nodes.text;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The rules for one container of a Deployment: its image, ports, environment, resources, probes, shutdown and
 * security settings.
 */
final class ContainerRules {
    /** The only variables a manifest may set as a literal: wiring and JVM flags, never credentials. */
    private static final Set<String> LITERAL_SETTINGS = Set.of(
            "SERVER_PORT",
            "MANAGEMENT_SERVER_PORT",
            "SERVER_FORWARD_HEADERS_STRATEGY",
            JVM_OPTIONS,
            "ONSALE_QUEUE_URL",
            "ONSALE_INVENTORY_URL",
            "ONSALE_BOOKING_URL",
            "ONSALE_PAYMENT_URL",
            "ONSALE_SANDBOX_WEBHOOK_URL");

    private static final Pattern SECRET_VARIABLE = Pattern.compile(".*_(KEY|KEYS|SECRET|SECRETS|TOKEN|PASSWORD)");
    private static final Pattern IMAGE = Pattern.compile("ghcr\\.io/onsale/([a-z0-9-]+):(\\d+\\.\\d+\\.\\d+)");
    /** A start may take this long before the startup probe gives up (Kafka metadata, Flyway, the outbox slot). */
    private static final Duration STARTUP_BUDGET = Duration.ofSeconds(180);
    /** What SIGTERM must leave beyond the preStop pause and the longest Spring shutdown phase. */
    private static final Duration DRAIN_MARGIN = Duration.ofSeconds(15);

    private final Build build;
    private final Readme readme;
    private final BiConsumer<Manifest, String> reporter;
    private final Manifest d;
    private final ServiceFacts service;
    private final Map<String, Object> pod;
    private final Map<String, Object> c;
    private final Map<String, Object> annotations;
    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private final Map<String, Map<String, Object>> env = new LinkedHashMap<>();

    /** {@code reporter} takes the violations, as {@link Rules} reports them for the Deployment {@code d}. */
    ContainerRules(
            Build build,
            Readme readme,
            BiConsumer<Manifest, String> reporter,
            Manifest d,
            ServiceFacts service,
            Map<String, Object> pod,
            Map<String, Object> c,
            Map<String, Object> annotations) {
        this.build = build;
        this.readme = readme;
        this.reporter = reporter;
        this.d = d;
        this.service = service;
        this.pod = pod;
        this.c = c;
        this.annotations = annotations;
    }

    private void report(String message) {
        reporter.accept(d, "container " + c.get("name") + ": " + message);
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
            report(name + ": " + service.module() + " does not use "
                    + Engine.of(name).orElseThrow().label());
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
            if (Boolean.TRUE.equals(secretRef.get("optional"))
                    && service.required().contains(name)) {
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
            inCluster(
                    "ONSALE_SANDBOX_WEBHOOK_URL", literal("ONSALE_SANDBOX_WEBHOOK_URL"), GATEWAY, "/webhooks/payments");
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
        Map<String, Object> selector =
                svc.map(s -> at(s.doc(), "spec", "selector")).orElse(Map.of());
        boolean selectsModule = !selector.isEmpty()
                && target.isPresent()
                && selects(Map.of("matchLabels", selector), podLabels(target.get()));
        boolean hasPort = svc.isPresent()
                && list(node(svc.get().doc(), "spec", "ports")).stream()
                        .anyMatch(p -> Objects.equals(integer(node(p, "port")), uri.getPort()));
        if (uri == null
                || !"http".equals(uri.getScheme())
                || !selectsModule
                || !hasPort
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
                .map(cm -> text(at(cm.doc(), "data").get(text(ref.get("key")))))
                .orElse(null);
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
            report("startupProbe allows " + budget + " s to start; a start may take " + STARTUP_BUDGET.toSeconds()
                    + " s");
        }
        Set<Integer> probed = new LinkedHashSet<>();
        Stream.of(readiness, liveness, startup).filter(Objects::nonNull).forEach(probed::add);
        if (probed.size() > 1) {
            report("the probes must all ask the same (management) port");
        }
        Integer management = probed.stream().findFirst().orElse(null);
        String managementPort = literal("MANAGEMENT_SERVER_PORT");
        if (management != null
                && !management.equals(ports.get("http"))
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
        boolean pathOk = path == null ? READINESS.equals(actual) || LIVENESS.equals(actual) : path.equals(actual);
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
        if (!list(capabilities.get("drop")).contains("ALL")
                || !list(capabilities.get("add")).isEmpty()) {
            report("securityContext.capabilities must drop ALL and add none");
        }
        Optional<String> tmp = list(c.get("volumeMounts")).stream()
                .filter(v -> "/tmp".equals(node(v, "mountPath")))
                .map(v -> text(node(v, "name")))
                .findFirst();
        boolean emptyDir = tmp.isPresent()
                && list(pod.get("volumes")).stream()
                        .anyMatch(v -> tmp.get().equals(node(v, "name")) && map(v).get("emptyDir") instanceof Map);
        if (!emptyDir) {
            report("needs an emptyDir volume mounted at /tmp (the root filesystem is read-only)");
        }
    }
}
