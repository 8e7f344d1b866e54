package dev.onsale.system.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.onsale.launcher.Service;
import dev.onsale.system.k8s.ServiceFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code docker-compose.yml} against the Compose Specification's JSON schema (where `.ci/run` fetched it) and
 * against what the services are: every process of ours runs its module's jar with a health check on its
 * management port and reads every variable it is given; every dependency waits for a healthy service; the
 * engines run as the services need them; the {@code monitoring} profile scrapes every process and mounts files
 * that exist. The file is read as Compose reads it, merge keys resolved.
 */
class ComposeFileTest {

    static final String COMPOSE = "docker-compose.yml";
    /** Where `.ci/run` puts the Compose Specification's schema (from the dclint package on npm). */
    static final Path SCHEMA = Path.of(System.getProperty(
            "onsale.compose.schema",
            Repo.ROOT.resolve(".onsale/tools/compose.schema.json").toString()));

    private static final String MANAGEMENT = "9000";
    private static final Pattern HOST = Pattern.compile("(?:^|//)([a-z][a-z0-9-]*):\\d+");
    /** Calls back per payment, long after start: the gateway it calls depends (through payment-service) on it. */
    private static final String CALLS_BACK_LATE = "payment-sandbox";

    @Test
    void theFileIsValidAgainstTheComposeSpecification() throws Exception {
        Assumptions.assumeTrue(
                Files.isRegularFile(SCHEMA),
                "the Compose Specification's schema is not at " + SCHEMA + " (.ci/run fetches it); skipped here");
        ObjectMapper json = new ObjectMapper();
        ObjectNode schema = (ObjectNode) json.readTree(SCHEMA.toFile());
        schema.remove("$id"); // relative ("compose_spec.json"): the validator would resolve it against nothing
        Set<ValidationMessage> errors = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7)
                .getSchema(schema)
                .validate(json.valueToTree(Repo.yaml(COMPOSE)));
        assertThat(errors).isEmpty();
    }

    @Test
    void theSchemaCheckRefusesAMisspelledField() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(SCHEMA), "no schema at " + SCHEMA + "; skipped here");
        ObjectMapper json = new ObjectMapper();
        ObjectNode schema = (ObjectNode) json.readTree(SCHEMA.toFile());
        schema.remove("$id");
        JsonNode compose = json.valueToTree(Repo.yaml(COMPOSE));
        ((ObjectNode) compose.path("services").path("redis"))
                .set("helthcheck", compose.path("services").path("redis").path("healthcheck"));
        Set<ValidationMessage> errors = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7)
                .getSchema(schema)
                .validate(compose);
        assertThat(errors).extracting(ValidationMessage::getMessage).anyMatch(m -> m.contains("helthcheck"));
    }

    @Test
    void everyProcessOfOursRunsItsModulesJarWithAHealthCheckOnItsManagementPort() {
        String version = version();
        Map<String, Object> services = services();
        for (Service service : Service.values()) {
            String module = service.module();
            Map<?, ?> definition = (Map<?, ?>) services.get(module);
            assertThat(definition).as(module + " in " + COMPOSE).isNotNull();
            assertThat(strings(definition.get("volumes")))
                    .as(module)
                    .contains("./" + module + "/target/" + module + "-" + version + ".jar:/app/app.jar:ro");
            assertThat(environment(definition).get("MANAGEMENT_SERVER_PORT"))
                    .as(module)
                    .isEqualTo(MANAGEMENT);
            String check = String.join(" ", strings(((Map<?, ?>) definition.get("healthcheck")).get("test")));
            assertThat(check).as(module).contains("/" + MANAGEMENT + " ", "/actuator/health/readiness", "200");
        }
    }

    @Test
    void everyVariableAServiceIsGivenIsOneItReads() {
        Map<String, ServiceFacts> facts = ServiceFacts.read(Repo.ROOT);
        List<String> unread = new ArrayList<>();
        for (Service service : Service.values()) {
            Map<?, ?> definition = (Map<?, ?>) services().get(service.module());
            for (Object variable : environment(definition).keySet()) {
                if (!facts.get(service.module()).reads((String) variable)) {
                    unread.add(service.module() + ": " + variable);
                }
            }
        }
        assertThat(unread).isEmpty();
    }

    @Test
    void everyServiceWaitsForTheHealthyServicesItCalls() {
        Map<String, Object> services = services();
        List<String> problems = new ArrayList<>();
        services.forEach((name, value) -> {
            Map<?, ?> definition = (Map<?, ?>) value;
            Object dependsOn = definition.get("depends_on");
            Map<?, ?> dependencies = dependsOn instanceof Map<?, ?> map ? map : Map.of();
            if (dependsOn != null && !(dependsOn instanceof Map)) {
                problems.add(name + ": depends_on is a list, which waits for a start, not for health");
            }
            dependencies.forEach((dependency, how) -> {
                if (!"service_healthy".equals(((Map<?, ?>) how).get("condition"))) {
                    problems.add(name + " -> " + dependency + ": not condition service_healthy");
                }
                if (!(services.get(dependency) instanceof Map<?, ?> target) || target.get("healthcheck") == null) {
                    problems.add(name + " -> " + dependency + ": no health check to wait for");
                }
            });
            if (!name.equals(CALLS_BACK_LATE)) {
                for (Object setting : environment(definition).values()) {
                    Matcher host = HOST.matcher(String.valueOf(setting));
                    while (host.find()) {
                        String called = host.group(1);
                        if (!called.equals(name) && services.containsKey(called) && !dependencies.containsKey(called)) {
                            problems.add(name + " calls " + called + " but does not wait for it");
                        }
                    }
                }
            }
        });
        assertThat(services).containsKeys("kafka", "postgres", "redis", "gateway");
        assertThat(problems).isEmpty();
    }

    @Test
    void theEnginesRunAsTheServicesNeedThem() {
        Map<String, Object> services = services();
        Map<?, ?> kafka = environment((Map<?, ?>) services.get("kafka"));
        assertThat(kafka.get("KAFKA_PROCESS_ROLES")).as("KRaft").isEqualTo("broker,controller");
        assertThat(kafka.keySet()).noneMatch(key -> key.toString().contains("ZOOKEEPER"));
        String postgres = String.join(" ", strings(((Map<?, ?>) services.get("postgres")).get("command")));
        assertThat(postgres)
                .as("logical decoding for the two outbox relays")
                .contains("wal_level=logical", "max_replication_slots=", "max_wal_senders=");
        List<String> redis = strings(((Map<?, ?>) services.get("redis")).get("command"));
        assertThat(redis.get(redis.indexOf("--notify-keyspace-events") + 1))
                .as("expired-key notifications drive the hold timers")
                .contains("E", "x");
        assertThat(redis.get(redis.indexOf("--appendonly") + 1)).isEqualTo("yes");
        assertThat(((Map<?, ?>) services.get("redis")).get("volumes"))
                .asString()
                .contains(":/data");
    }

    @Test
    void theMonitoringProfileScrapesEveryProcessOfOursAndMountsFilesThatExist() {
        Map<String, Object> services = services();
        for (String tool : List.of("prometheus", "grafana")) {
            assertThat(((Map<?, ?>) services.get(tool)).get("profiles"))
                    .as(tool)
                    .isEqualTo(List.of("monitoring"));
        }
        services.forEach((name, value) -> {
            for (String volume : strings(((Map<?, ?>) value).get("volumes"))) {
                String source = volume.split(":")[0];
                if (source.startsWith("./") && !source.contains("/target/")) {
                    assertThat(Repo.ROOT.resolve(source))
                            .as(name + " mounts " + source)
                            .exists();
                }
            }
        });
        Map<?, ?> config = (Map<?, ?>) Repo.yaml(AlertRulesTest.PROMETHEUS);
        Set<String> targets = new TreeSet<>();
        for (Object job : (List<?>) config.get("scrape_configs")) {
            assertThat(((Map<?, ?>) job).get("metrics_path")).isEqualTo("/actuator/prometheus");
            for (Object statics : (List<?>) ((Map<?, ?>) job).get("static_configs")) {
                targets.addAll(strings(((Map<?, ?>) statics).get("targets")));
            }
        }
        assertThat(targets)
                .containsExactlyInAnyOrderElementsOf(Stream.of(Service.values())
                        .map(s -> s.module() + ":" + MANAGEMENT)
                        .toList());
    }

    private static Map<String, Object> services() {
        @SuppressWarnings("unchecked")
        Map<String, Object> services = (Map<String, Object>) ((Map<?, ?>) Repo.yaml(COMPOSE)).get("services");
        return services;
    }

    private static Map<?, ?> environment(Map<?, ?> service) {
        return service.get("environment") instanceof Map<?, ?> env ? env : Map.of();
    }

    private static List<String> strings(Object list) {
        return list instanceof List<?> items
                ? items.stream().map(String::valueOf).toList()
                : list == null ? List.of() : List.of(String.valueOf(list));
    }

    private static String version() {
        Matcher m = Pattern.compile("<artifactId>onsale</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Repo.read("pom.xml"));
        assertThat(m.find()).as("the root pom's version").isTrue();
        return m.group(1);
    }
}
