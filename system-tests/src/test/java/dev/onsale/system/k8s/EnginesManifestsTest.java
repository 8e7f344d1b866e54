package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Cluster.REPO;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.contents;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.longOr;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.text;
import static dev.onsale.system.k8s.Repository.build;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code k8s/engines/} against the services that use the engines: each engine is where {@code base/config.yaml}
 * points them; Kafka runs KRaft with every topic of {@link Topics} and every dead-letter topic the services
 * declare, with partitions for the largest consumer group; PostgreSQL has logical decoding, room for the relays'
 * slots, a WAL cap that a stuck slot cannot exceed, and connections for every pool at the autoscalers' maxima;
 * Redis persists, notifies expiries and never evicts. {@link EngineResourcesTypeCheckTest} checks their fields.
 */
class EnginesManifestsTest {

    static final List<Manifest> ENGINES = Kustomize.build(K8S.resolve("engines"));

    /** HikariCP's default pool: no service sets {@code maximum-pool-size} (checked below). */
    private static final int POOL = 10;
    /** The outbox relay's own connections per replica: the replication stream, its lock and its slot queries. */
    private static final int RELAY = 3;
    /** PostgreSQL's default {@code superuser_reserved_connections}: the operator's own. */
    private static final int RESERVED = 3;
    /** The services that connect to the database, and their outbox slots. */
    private static final Set<String> DATABASE_USERS = Set.of("booking-service", "payment-service");

    @Test
    void eachEngineIsWhereTheConfigMapPointsTheServices() {
        Map<String, Object> config = at(
                build(Profile.PRODUCTION)
                        .find("ConfigMap", "onsale-config")
                        .orElseThrow()
                        .doc(),
                "data");

        Manifest kafka = one("Kafka", "onsale");
        assertThat(text(config.get("ONSALE_KAFKA_BOOTSTRAP")))
                .isEqualTo(kafka.name() + "-kafka-bootstrap." + namespace(kafka) + ".svc:9092");
        assertThat(list(node(kafka.doc(), "spec", "kafka", "listeners")))
                .anyMatch(l -> longOr(node(l, "port"), 0) == 9092 && Boolean.FALSE.equals(node(l, "tls")));

        Manifest database = one("Cluster", "onsale-db");
        URI url = URI.create(text(config.get("ONSALE_DB_URL")).substring("jdbc:".length()));
        assertThat(url.getHost()).isEqualTo(database.name() + "-rw." + namespace(database) + ".svc");
        Map<String, Object> initdb = at(database.doc(), "spec", "bootstrap", "initdb");
        assertThat(url.getPath()).isEqualTo("/" + initdb.get("database"));
        String user = text(config.get("ONSALE_DB_USER"));
        assertThat(initdb.get("owner")).isEqualTo(user);
        assertThat(list(node(database.doc(), "spec", "managed", "roles")))
                .as("role " + user + " logs in and may replicate (the relays' slots)")
                .anyMatch(r -> user.equals(node(r, "name"))
                        && Boolean.TRUE.equals(node(r, "login"))
                        && Boolean.TRUE.equals(node(r, "replication")));

        Manifest redis = one("Service", "onsale-redis");
        URI redisUrl = URI.create(text(config.get("ONSALE_REDIS_URL")));
        assertThat(redisUrl.getHost()).isEqualTo(redis.name() + "." + namespace(redis) + ".svc");
        assertThat(list(node(redis.doc(), "spec", "ports")))
                .anyMatch(p -> longOr(node(p, "port"), 0) == redisUrl.getPort());
        Manifest statefulSet = one("StatefulSet", "onsale-redis");
        assertThat(at(redis.doc(), "spec", "selector"))
                .isEqualTo(at(statefulSet.doc(), "spec", "template", "metadata", "labels"));
    }

    @Test
    void kafkaRunsKraftWithEveryTopicAndDeadLetterTopicReplicatedForTheLargestConsumerGroup() {
        assertThat(at(one("Kafka", "onsale").doc(), "spec")).doesNotContainKey("zookeeper");
        long nodes = 0;
        for (Manifest pool : all("KafkaNodePool")) {
            assertThat(at(pool.doc(), "metadata", "labels")).containsEntry("strimzi.io/cluster", "onsale");
            assertThat(list(node(pool.doc(), "spec", "roles"))).contains("controller", "broker");
            nodes += longOr(node(pool.doc(), "spec", "replicas"), 0);
        }
        assertThat(nodes).as("KRaft nodes: a quorum of three survives one").isGreaterThanOrEqualTo(3);
        Map<String, Object> config = at(one("Kafka", "onsale").doc(), "spec", "kafka", "config");
        assertThat(config)
                .containsEntry("min.insync.replicas", 2L)
                .containsEntry("default.replication.factor", 3L)
                .containsEntry("auto.create.topics.enable", false);

        long largestGroup = build(Profile.SALE_DAY).all("HorizontalPodAutoscaler").stream()
                .filter(h -> !h.name().equals("gateway")) // a group per replica: every replica reads every partition
                .mapToLong(h -> longOr(node(h.doc(), "spec", "maxReplicas"), 0))
                .max()
                .orElseThrow();
        Map<String, Map<String, Object>> topics = new TreeMap<>();
        for (Manifest topic : all("KafkaTopic")) {
            String name = text(node(topic.doc(), "spec", "topicName"));
            topics.put(name == null ? topic.name() : name, at(topic.doc(), "spec"));
            assertThat(at(topic.doc(), "metadata", "labels")).containsEntry("strimzi.io/cluster", "onsale");
        }
        Set<String> expected = new TreeSet<>(topicNames());
        deadLetterTopics().forEach(t -> expected.add(t + ".DLT"));
        assertThat(topics.keySet()).isEqualTo(expected);
        topics.forEach((name, spec) -> {
            assertThat(longOr(spec.get("replicas"), 0)).as(name).isEqualTo(3);
            assertThat(at(spec, "config"))
                    .as(name)
                    .containsEntry("min.insync.replicas", 2L)
                    .containsKey("retention.ms");
            if (!name.endsWith(".DLT")) {
                assertThat(longOr(spec.get("partitions"), 0)).as(name).isGreaterThanOrEqualTo(largestGroup);
            }
        });
    }

    @Test
    void postgresHasLogicalDecodingRoomForTheSlotsAWalCapAndConnectionsForEveryPool() {
        Manifest database = one("Cluster", "onsale-db");
        Map<String, Object> spec = at(database.doc(), "spec");
        Map<String, Object> parameters = at(spec, "postgresql", "parameters");
        assertThat(parameters).containsEntry("wal_level", "logical");
        long standbys = longOr(spec.get("instances"), 1) - 1;
        long slots = DATABASE_USERS.size() + standbys;
        assertThat(Long.parseLong(text(parameters.get("max_replication_slots"))))
                .isGreaterThanOrEqualTo(slots);
        assertThat(Long.parseLong(text(parameters.get("max_wal_senders")))).isGreaterThanOrEqualTo(slots);
        assertThat(bytes(text(parameters.get("max_slot_wal_keep_size"))))
                .as("a stuck slot is given up before it fills the WAL volume")
                .isLessThan(bytes(text(node(spec, "walStorage", "size"))));

        for (String service : DATABASE_USERS) {
            assertThat(contents(REPO.resolve(service + "/src/main/resources/application.yml")))
                    .as(service + " keeps HikariCP's default pool, which this arithmetic assumes")
                    .doesNotContain("maximum-pool-size");
        }
        long connections = build(Profile.SALE_DAY).all("HorizontalPodAutoscaler").stream()
                        .filter(h -> DATABASE_USERS.contains(h.name()))
                        .mapToLong(h -> longOr(node(h.doc(), "spec", "maxReplicas"), 0) * (POOL + RELAY))
                        .sum()
                + RESERVED;
        assertThat(Long.parseLong(text(parameters.get("max_connections"))))
                .as("every pool and relay at the autoscalers' maxima")
                .isGreaterThanOrEqualTo(connections);
    }

    @Test
    void redisPersistsEveryWriteNotifiesExpiriesAndNeverEvicts() {
        Manifest statefulSet = one("StatefulSet", "onsale-redis");
        Object container = list(node(statefulSet.doc(), "spec", "template", "spec", "containers"))
                .getFirst();
        List<Object> args = list(node(container, "args"));
        Map<String, String> options = new TreeMap<>();
        for (int i = 0; i + 1 < args.size(); i += 2) {
            options.put(text(args.get(i)), text(args.get(i + 1)));
        }
        assertThat(options)
                .containsEntry("--appendonly", "yes")
                .containsEntry("--appendfsync", "everysec")
                .containsEntry("--maxmemory-policy", "noeviction")
                .containsKey("--maxmemory");
        assertThat(options.get("--notify-keyspace-events")).contains("E", "x");
        assertThat(bytes(options.get("--maxmemory")))
                .as("Redis refuses writes before its container is killed for memory")
                .isLessThan(bytes(text(node(container, "resources", "limits", "memory"))));
        String claim = text(node(
                list(node(statefulSet.doc(), "spec", "volumeClaimTemplates")).getFirst(), "metadata", "name"));
        assertThat(list(node(container, "volumeMounts")))
                .anyMatch(m -> claim.equals(node(m, "name")) && "/data".equals(node(m, "mountPath")));
    }

    private static List<Manifest> all(String kind) {
        return ENGINES.stream().filter(m -> kind.equals(m.kind())).toList();
    }

    private static Manifest one(String kind, String name) {
        List<Manifest> found =
                all(kind).stream().filter(m -> name.equals(m.name())).toList();
        assertThat(found).as(kind + " " + name + " in k8s/engines").hasSize(1);
        return found.getFirst();
    }

    private static String namespace(Manifest m) {
        return text(node(m.doc(), "metadata", "namespace"));
    }

    private static List<String> topicNames() {
        List<String> names = new ArrayList<>();
        for (Field field : Topics.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                try {
                    names.add((String) field.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return names;
    }

    /** The topics named in any service's {@code DeadLetterTopics.of(...)}. */
    private static Set<String> deadLetterTopics() {
        Pattern declaration = Pattern.compile("DeadLetterTopics\\.of\\(([^)]*)\\)");
        Pattern constant = Pattern.compile("Topics\\.([A-Z_]+)");
        Set<String> topics = new TreeSet<>();
        try (Stream<Path> modules = Files.list(REPO)) {
            List<Path> sources = new ArrayList<>();
            for (Path main : modules.map(m -> m.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .toList()) {
                try (Stream<Path> files = Files.walk(main)) {
                    files.filter(f -> f.toString().endsWith("Application.java")).forEach(sources::add);
                }
            }
            for (Path file : sources) {
                Matcher m = declaration.matcher(Files.readString(file));
                while (m.find()) {
                    Matcher c = constant.matcher(m.group(1));
                    while (c.find()) {
                        topics.add((String) Topics.class.getField(c.group(1)).get(null));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        assertThat(topics).as("dead-letter topics declared by the services").isNotEmpty();
        return topics;
    }

    /** A size as Kubernetes ({@code 50Gi}) or PostgreSQL and Redis ({@code 10GB}, {@code 3gb}) write it. */
    static long bytes(String size) {
        Matcher m = Pattern.compile("(\\d+)\\s*([A-Za-z]*)").matcher(size.trim());
        assertThat(m.matches()).as(size).isTrue();
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "" -> n;
            case "Ki", "kB", "kb" -> n << 10;
            case "Mi", "MB", "mb" -> n << 20;
            case "Gi", "GB", "gb" -> n << 30;
            case "Ti", "TB", "tb" -> n << 40;
            default -> throw new IllegalArgumentException("unit of " + size);
        };
    }
}
