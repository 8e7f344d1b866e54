package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Nodes.containers;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.text;
import static dev.onsale.system.k8s.Repository.build;
import static dev.onsale.system.k8s.Repository.facts;
import static dev.onsale.system.k8s.Repository.readme;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Kubernetes manifests under {@code k8s/} against what the services are: the port each listens on, its
 * probes, the environment variables it reads, the local-only defaults it must not run with, the engines it
 * uses and the flows between the services. Each build (the base and every overlay) is assembled as kustomize
 * assembles it — resources plus strategic-merge patches, for the subset of kustomize the manifests use; the
 * emulation refuses anything else — and every rule is checked on it. Where {@code kubectl} is installed, its
 * own build must equal the emulated one. Every rule is also run against a deliberately broken copy
 * ({@link BrokenManifestsTest}), so that none of them passes because it looks at nothing.
 */
class KubernetesManifestsTest {

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
        Process process = new ProcessBuilder(
                        kubectl.get().toString(),
                        "kustomize",
                        K8S.resolve(profile.directory).toString())
                .redirectErrorStream(true)
                .start();
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

    private static List<String> rules(Build build) {
        return new Rules(facts(), readme(), build).check();
    }

    private static Optional<Path> onPath(String program) {
        return Stream.of(Objects.requireNonNullElse(System.getenv("PATH"), "").split(java.io.File.pathSeparator))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
