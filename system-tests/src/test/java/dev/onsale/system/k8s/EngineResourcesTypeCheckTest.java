package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.REPO;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.deepCopy;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operators' custom resources under {@code k8s/engines/} (Strimzi's Kafka, KafkaNodePool and KafkaTopic,
 * CloudNativePG's Cluster) checked against the types generated from the operators' CRD schemas (the
 * {@code @kubernetes-models} packages on npm): each object becomes a TypeScript object literal typed as its kind,
 * and {@code tsc} refuses any field the kind does not have, at any depth, and any value of the wrong type. Runs
 * where `.ci/run` installed the packages and TypeScript in {@code .onsale/tools/k8s-models}; skipped elsewhere.
 */
class EngineResourcesTypeCheckTest {

    static final Path MODELS = Path.of(System.getProperty(
            "onsale.k8s.models", REPO.resolve(".onsale/tools/k8s-models").toString()));
    /** The npm package of each operator's API group. */
    private static final Map<String, String> PACKAGES = Map.of(
            "kafka.strimzi.io", "@kubernetes-models/strimzi-kafka-operator",
            "postgresql.cnpg.io", "@kubernetes-models/cloudnative-pg");

    private static final Pattern ERROR = Pattern.compile("(?m)^check\\.ts\\((\\d+),\\d+\\): error (TS\\d+: .*)$");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void everyCustomResourceHasOnlyTheFieldsItsOperatorsSchemaDefines(@TempDir Path temp) throws Exception {
        List<Manifest> resources = customResources(EnginesManifestsTest.ENGINES);
        assertThat(resources).extracting(Manifest::kind).contains("Kafka", "KafkaNodePool", "KafkaTopic", "Cluster");
        assertThat(typeErrors(resources, temp)).isEmpty();
    }

    @Test
    void aMisspelledFieldAndAWrongValueAreRefused(@TempDir Path temp) throws Exception {
        List<Manifest> resources = new ArrayList<>();
        for (Manifest m : customResources(EnginesManifestsTest.ENGINES)) {
            resources.add(new Manifest(m.source(), deepCopy(m.doc())));
        }
        Map<String, Object> cluster = at(find(resources, "Cluster").doc(), "spec");
        cluster.put("walStorag", cluster.remove("walStorage"));
        Map<String, Object> topic = at(find(resources, "KafkaTopic").doc(), "spec");
        topic.put("partition", topic.remove("partitions"));
        list(at(find(resources, "KafkaNodePool").doc(), "spec").get("roles")).set(1, "brokr");
        map(list(at(find(resources, "Kafka").doc(), "spec", "kafka").get("listeners"))
                        .getFirst())
                .put("tls", "false");

        List<String> errors = typeErrors(resources, temp);
        assertThat(errors).hasSize(4);
        assertThat(errors)
                .anyMatch(e -> e.startsWith("Cluster/onsale-db: ") && e.contains("walStorag"))
                .anyMatch(e -> e.startsWith("KafkaTopic/onsale.events: ") && e.contains("partition"))
                .anyMatch(e -> e.startsWith("KafkaNodePool/dual-role: ") && e.contains("brokr"))
                .anyMatch(e -> e.startsWith("Kafka/onsale: ") && e.contains("boolean"));
    }

    static List<Manifest> customResources(List<Manifest> manifests) {
        return manifests.stream().filter(m -> PACKAGES.containsKey(group(m))).toList();
    }

    /** tsc's complaints about each object, as {@code <id>: <message>}. */
    private static List<String> typeErrors(List<Manifest> resources, Path directory) throws Exception {
        Path tsc = MODELS.resolve("node_modules/typescript/bin/tsc");
        Assumptions.assumeTrue(
                Files.isRegularFile(tsc),
                "TypeScript and the operators' models are not in " + MODELS + " (.ci/run installs them); skipped here");
        List<String> lines = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        int i = 0;
        for (Manifest m : resources) {
            String kind = m.kind();
            String module = PACKAGES.get(group(m)) + "/" + m.doc().get("apiVersion") + "/" + kind;
            lines.add("import type { I" + kind + " as T" + i + " } from \"" + module + "\";");
            ids.add(m.id());
            i++;
        }
        int first = lines.size() + 1;
        for (int k = 0; k < resources.size(); k++) {
            lines.add("export const o" + k + ": T" + k + " = "
                    + JSON.writeValueAsString(resources.get(k).doc()) + ";");
        }
        Files.write(directory.resolve("check.ts"), lines, StandardCharsets.UTF_8);
        Files.writeString(directory.resolve("package.json"), "{\"type\": \"module\"}");
        Files.createSymbolicLink(directory.resolve("node_modules"), MODELS.resolve("node_modules"));
        Process process = new ProcessBuilder(
                        "node",
                        tsc.toString(),
                        "--noEmit",
                        "--strict",
                        "--skipLibCheck",
                        "--target",
                        "es2022",
                        "--module",
                        "nodenext",
                        "--moduleResolution",
                        "nodenext",
                        "check.ts")
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        List<String> errors = new ArrayList<>();
        Matcher m = ERROR.matcher(output);
        while (m.find()) {
            int line = Integer.parseInt(m.group(1));
            assertThat(line)
                    .as("an error in an object's line, not in the imports:\n" + output)
                    .isGreaterThanOrEqualTo(first);
            errors.add(ids.get(line - first) + ": " + m.group(2));
        }
        assertThat(process.exitValue() == 0)
                .as("tsc's exit matches what it reported:\n" + output)
                .isEqualTo(errors.isEmpty());
        return errors;
    }

    private static Manifest find(List<Manifest> resources, String kind) {
        return resources.stream().filter(m -> kind.equals(m.kind())).findFirst().orElseThrow();
    }

    private static String group(Manifest m) {
        String apiVersion = String.valueOf(m.doc().get("apiVersion"));
        return apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    }
}
