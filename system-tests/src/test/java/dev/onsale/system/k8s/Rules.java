package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.CONFIG_MAP;
import static dev.onsale.system.k8s.Cluster.NAMESPACE;
import static dev.onsale.system.k8s.Cluster.SANDBOX;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.containers;
import static dev.onsale.system.k8s.Nodes.integer;
import static dev.onsale.system.k8s.Nodes.labels;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.longOr;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.podLabels;
import static dev.onsale.system.k8s.Nodes.selects;
import static dev.onsale.system.k8s.Nodes.text;

import dev.onsale.launcher.Service;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Every rule, on one build: each manifest, the modules, Deployments, Services, autoscalers, disruption budgets,
 * the ConfigMap and the README's Secrets here; each container by {@link ContainerRules}, the flows by
 * {@link NetworkRules}.
 */
final class Rules {
    private static final String METRICS = "/actuator/prometheus";
    private static final List<Pattern> SECRET_LOOKING = List.of(
            Pattern.compile("(?i)local[-_]only"),
            Pattern.compile("(?i)sk_(test|live)_"),
            Pattern.compile("(?i)whsec_"),
            Pattern.compile("(?i)password"),
            Pattern.compile("(?i)change[-_]?me"),
            Pattern.compile("(?i)local-(admin|auditor)-token"),
            Pattern.compile("-----BEGIN"),
            Pattern.compile("^(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9+/=_-]{32,}$"));
    private static final Set<String> NAMESPACED = Set.of(
            "Deployment",
            "Service",
            "ServiceAccount",
            "ConfigMap",
            "PodDisruptionBudget",
            "HorizontalPodAutoscaler",
            "NetworkPolicy");

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
        new NetworkRules(build, facts, this::report).check();
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
            list.forEach(item -> scanForSecrets(
                    m, item, path + "[" + Objects.requireNonNullElse(text(node(item, "name")), "") + "]"));
        } else if (node instanceof String s
                && SECRET_LOOKING.stream().anyMatch(p -> p.matcher(s).find())) {
            report(
                    m,
                    path.substring(1) + " looks like a secret (" + s
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
            new ContainerRules(build, readme, this::report, d, service, pod, map(container), annotations).check();
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
                report(
                        sa.get(),
                        "automountServiceAccountToken must be false: " + "no service talks to the Kubernetes API");
            }
        }
        if (!Boolean.FALSE.equals(pod.get("automountServiceAccountToken"))) {
            report(d, "the pod's automountServiceAccountToken must be false");
        }
    }

    private void checkScaling(Manifest d, Map<String, String> labels) {
        List<Manifest> autoscalers = build.all("HorizontalPodAutoscaler").stream()
                .filter(h ->
                        d.name().equals(at(h.doc(), "spec", "scaleTargetRef").get("name")))
                .toList();
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
            report(
                    d,
                    "sets spec.replicas although its HorizontalPodAutoscaler owns them "
                            + "(every apply would reset them)");
        }
        List<Object> spread = list(node(d.doc(), "spec", "template", "spec", "topologySpreadConstraints"));
        if (spread.stream()
                .noneMatch(c -> "topology.kubernetes.io/zone".equals(node(c, "topologyKey"))
                        && selects(node(c, "labelSelector"), labels))) {
            report(d, "needs a topologySpreadConstraint over topology.kubernetes.io/zone selecting its pods");
        }
        if (build.all("PodDisruptionBudget").stream()
                .noneMatch(p -> selects(node(p.doc(), "spec", "selector"), labels))) {
            report(d, "no PodDisruptionBudget selects its pods");
        }
    }

    private void checkService(Manifest s) {
        Map<String, Object> selector = at(s.doc(), "spec", "selector");
        List<Manifest> targets = build.all("Deployment").stream()
                .filter(d -> !selector.isEmpty() && selects(Map.of("matchLabels", selector), podLabels(d)))
                .toList();
        if (targets.size() != 1) {
            report(
                    s,
                    targets.isEmpty()
                            ? "selects no Deployment's pods"
                            : "selects the pods of " + targets.size() + " Deployments");
            return;
        }
        Object container = containers(targets.getFirst()).stream().findFirst().orElse(null);
        for (Object port : list(node(s.doc(), "spec", "ports"))) {
            Object target = Objects.requireNonNullElse(node(port, "targetPort"), node(port, "port"));
            Optional<Integer> resolved = list(node(container, "ports")).stream()
                    .filter(p -> target.equals(node(p, "name")) || target.equals(node(p, "containerPort")))
                    .map(p -> integer(node(p, "containerPort")))
                    .findFirst();
            if (resolved.isEmpty()) {
                report(
                        s,
                        "targetPort " + target + " is no port of "
                                + targets.getFirst().name());
            } else if (!resolved.get().equals(integer(node(port, "port")))) {
                report(
                        s,
                        "port " + node(port, "port") + " must equal the container port " + resolved.get()
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
            report(
                    h,
                    "minReplicas must be at least 2 (a disruption budget needs a spare), "
                            + "and maxReplicas at least that");
        }
        boolean cpu = list(spec.get("metrics")).stream()
                .anyMatch(m -> "Resource".equals(node(m, "type"))
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
}
