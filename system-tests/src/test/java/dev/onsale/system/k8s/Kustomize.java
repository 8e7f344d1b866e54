package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Nodes.contents;
import static dev.onsale.system.k8s.Nodes.deepCopy;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** kustomize, for the subset the manifests use: resources, and patches merged as strategic-merge patches. */
final class Kustomize {
    private static final Set<String> FIELDS = Set.of("apiVersion", "kind", "resources", "patches");
    /** Lists merged by the {@code name} of their items; any other list of objects in a patch is refused. */
    private static final Set<String> MERGED_BY_NAME = Set.of("containers", "initContainers", "env", "volumes");

    private Kustomize() {}

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
                manifests.set(
                        index,
                        new Manifest(target.source() + " + " + p.source(), map(merge(target.doc(), p.doc(), ""))));
            }
        }
        return manifests;
    }

    private static String relative(Path path) {
        return path.startsWith(K8S)
                ? "k8s/" + K8S.relativize(path)
                : path.getFileName().toString();
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
        if (base instanceof List<?> b
                && patch instanceof List<?> p
                && !p.isEmpty()
                && p.stream().allMatch(Map.class::isInstance)) {
            if (!MERGED_BY_NAME.contains(field)
                    || p.stream().anyMatch(item -> text(map(item).get("name")) == null)) {
                throw new IllegalStateException("the emulation merges lists of objects by name only (" + MERGED_BY_NAME
                        + "); " + field + " is not one of them");
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
            if (!name.endsWith(".yaml")
                    && !(name.equals("README.md") && file.getParent().equals(root))) {
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
                    violations.add(
                            root.relativize(file) + " lists " + entry + ", a directory without kustomization.yaml");
                } else if (!Files.exists(path)) {
                    violations.add(
                            root.relativize(file) + " lists " + root.relativize(path) + ", which does not exist");
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
