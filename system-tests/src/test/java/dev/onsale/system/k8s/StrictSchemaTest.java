package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static dev.onsale.system.k8s.Repository.build;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every object of every build, of {@code k8s/monitoring/} and of {@code k8s/engines/} (but the operators' custom
 * resources, which {@link EngineResourcesTypeCheckTest} checks against their own schemas), read into the typed model of its kind (fabric8's
 * Kubernetes and Prometheus Operator models, generated from the API's and the operator's schemas): a field the
 * kind does not have (misspelled, misplaced or invented) is kept by the model as an additional property, and
 * any such property fails the test with its path. kubectl's offline build cannot tell: it renders what it is
 * given.
 */
class StrictSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest
    @EnumSource(Profile.class)
    void everyFieldOfEveryObjectIsOneItsKindHas(Profile profile) {
        assertThat(unknownFields(build(profile).manifests())).isEmpty();
    }

    @Test
    void everyFieldOfTheMonitoringObjectsIsOneTheirKindHas() {
        assertThat(unknownFields(Kustomize.build(K8S.resolve("monitoring")))).isEmpty();
    }

    @Test
    void everyFieldOfTheEnginesKubernetesObjectsIsOneTheirKindHas() {
        List<Manifest> engines = new ArrayList<>(EnginesManifestsTest.ENGINES);
        engines.removeAll(EngineResourcesTypeCheckTest.customResources(engines)); // the operators' own: tsc checks them
        assertThat(engines).extracting(Manifest::kind).contains("Namespace", "Service", "StatefulSet");
        assertThat(unknownFields(engines)).isEmpty();
    }

    @Test
    void aMisspelledFieldIsFoundWhereverItIs() {
        Build broken = build(Profile.SALE_DAY).copy();
        Map<String, Object> autoscaler = at(
                broken.find("HorizontalPodAutoscaler", "gateway").orElseThrow().doc(), "spec");
        autoscaler.put("minReplica", autoscaler.remove("minReplicas"));
        Map<String, Object> container = map(list(at(
                                broken.find("Deployment", "booking-service")
                                        .orElseThrow()
                                        .doc(),
                                "spec",
                                "template",
                                "spec")
                        .get("containers"))
                .getFirst());
        container.put("readinesProbe", container.remove("readinessProbe"));
        List<Manifest> monitoring = Kustomize.build(K8S.resolve("monitoring")); // read afresh: ours to break
        Manifest podMonitor = monitoring.stream()
                .filter(m -> m.kind().equals("PodMonitor"))
                .findFirst()
                .orElseThrow();
        map(list(at(podMonitor.doc(), "spec").get("podMetricsEndpoints")).getFirst())
                .put("intervall", "10s");

        List<String> found = new ArrayList<>(unknownFields(broken.manifests()));
        found.addAll(unknownFields(monitoring));
        assertThat(found)
                .containsExactlyInAnyOrder(
                        "HorizontalPodAutoscaler/gateway: spec.minReplica",
                        "Deployment/booking-service: spec.template.spec.containers[0].readinesProbe",
                        "PodMonitor/onsale: spec.podMetricsEndpoints[0].intervall");
    }

    private static List<String> unknownFields(List<Manifest> manifests) {
        List<String> unknown = new ArrayList<>();
        for (Manifest m : manifests) {
            KubernetesResource typed = JSON.convertValue(withInts(m.doc()), KubernetesResource.class);
            assertThat(typed)
                    .as(m.id() + " is read as a kind the model knows, not as a generic object")
                    .isNotInstanceOf(GenericKubernetesResource.class);
            walk(typed, "", m.id(), unknown, Collections.newSetFromMap(new IdentityHashMap<>()));
        }
        return unknown;
    }

    /** The document with its numbers as YAML reads them (ints where they fit): the model's IntOrString takes no long. */
    private static Object withInts(Object node) {
        if (node instanceof Long n && n == n.intValue()) {
            return n.intValue();
        }
        if (node instanceof Map<?, ?> entries) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            entries.forEach((key, value) -> copy.put(key, withInts(value)));
            return copy;
        }
        if (node instanceof List<?> items) {
            return items.stream().map(StrictSchemaTest::withInts).toList();
        }
        return node;
    }

    /** Every model object under {@code node}: its additional properties are fields its kind does not have. */
    private static void walk(Object node, String path, String id, List<String> unknown, Set<Object> seen) {
        if (node == null || !seen.add(node)) {
            return;
        }
        if (node instanceof Collection<?> items) {
            int i = 0;
            for (Object item : items) {
                walk(item, path + "[" + i++ + "]", id, unknown, seen);
            }
            return;
        }
        if (node instanceof Map<?, ?> entries) {
            entries.forEach((key, value) -> walk(value, join(path, String.valueOf(key)), id, unknown, seen));
            return;
        }
        if (!node.getClass().getPackageName().startsWith("io.fabric8.")) {
            return;
        }
        for (Method getter : node.getClass().getMethods()) {
            if (getter.getParameterCount() != 0
                    || Modifier.isStatic(getter.getModifiers())
                    || getter.getDeclaringClass() == Object.class
                    || !getter.getName().startsWith("get")) {
                continue;
            }
            Object value = invoke(getter, node);
            if (getter.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra) {
                    extra.keySet().forEach(key -> unknown.add(id + ": " + join(path, String.valueOf(key))));
                }
            } else {
                walk(value, join(path, name(getter)), id, unknown, seen);
            }
        }
    }

    private static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    private static String name(Method getter) {
        String name = getter.getName().substring(3);
        return Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    private static Object invoke(Method getter, Object target) {
        try {
            return getter.invoke(target);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException(getter + " of " + target.getClass(), e);
        }
    }
}
