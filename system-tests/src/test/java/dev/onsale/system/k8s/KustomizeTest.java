package dev.onsale.system.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kustomize emulation itself: its coverage check finds orphans and missing files, it refuses what it cannot
 * emulate, and its patches merge as kustomize merges them.
 */
class KustomizeTest {

    @Test
    void theCoverageCheckFindsOrphansAndMissingFiles(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("base"));
        Files.writeString(dir.resolve("base/kustomization.yaml"), "resources:\n  - listed.yaml\n  - gone.yaml\n");
        Files.writeString(dir.resolve("base/listed.yaml"), "kind: ConfigMap\n");
        Files.writeString(dir.resolve("base/orphan.yaml"), "kind: ConfigMap\n");
        Files.writeString(dir.resolve("base/notes.json"), "{}");
        assertThat(String.join("\n", Kustomize.coverage(dir)))
                .contains(
                        "base/orphan.yaml is listed by no kustomization",
                        "base/gone.yaml, which does not exist",
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
}
