package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.CONFIG_MAP;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.deepCopy;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Repository.build;
import static dev.onsale.system.k8s.Repository.facts;
import static dev.onsale.system.k8s.Repository.readme;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Ways to break a copy of a build (and of the README's list of secrets), and the check of the Broken*Test classes
 * that the rules catch each.
 */
final class Breaker {
    final Build build;
    Readme readme;

    Breaker(Build build, Readme readme) {
        this.build = build;
        this.readme = readme;
    }

    /** A way to break a copy of the staging build, and a text one of the violations it causes must contain. */
    static Arguments broken(String what, String expected, Consumer<Breaker> breakIt) {
        return broken(what, Profile.STAGING, expected, breakIt);
    }

    static Arguments broken(String what, Profile profile, String expected, Consumer<Breaker> breakIt) {
        return Arguments.of(what, profile, breakIt, expected);
    }

    /** The rules, run on a copy of {@code profile}'s build that {@code breakIt} broke, report {@code expected}. */
    static void assertCaught(String what, Profile profile, Consumer<Breaker> breakIt, String expected) {
        Breaker breaker = new Breaker(build(profile).copy(), readme());
        breakIt.accept(breaker);
        assertThat(new Rules(facts(), breaker.readme, breaker.build).check())
                .as("violations after breaking: " + what)
                .anySatisfy(violation -> assertThat(violation).contains(expected));
    }

    Map<String, Object> doc(String kind, String name) {
        return build.find(kind, name)
                .orElseThrow(() -> new AssertionError("no " + kind + "/" + name))
                .doc();
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
        return list(container(module).get("ports")).stream()
                .map(Nodes::map)
                .filter(p -> name.equals(p.get("name")))
                .findFirst()
                .orElseThrow();
    }

    Map<String, Object> env(String module, String name) {
        return list(container(module).get("env")).stream()
                .map(Nodes::map)
                .filter(e -> name.equals(e.get("name")))
                .findFirst()
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
