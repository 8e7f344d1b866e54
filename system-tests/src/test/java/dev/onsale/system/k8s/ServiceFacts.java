package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.JVM_OPTIONS;
import static dev.onsale.system.k8s.Nodes.contents;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.text;

import dev.onsale.launcher.Service;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the repository says about one service: the launcher's port, the port its application.yml sets, every
 * {@code ${NAME:default}} placeholder of its configuration (with the platform's when it imports it), the
 * engines whose clients its pom brings, and the longest phase of its graceful shutdown.
 */
public record ServiceFacts(
        String module,
        int launcherPort,
        Integer configuredPort,
        Map<String, String> placeholders,
        Set<Engine> engines,
        Duration shutdownPhase) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z][A-Z0-9_]*)(?::([^}]*))?}");
    private static final Pattern DEPENDENCY = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
    private static final Duration BOOT_SHUTDOWN_PHASE = Duration.ofSeconds(30);
    /** Spring Boot settings every service reads from the environment by relaxed binding. */
    private static final Set<String> SPRING_SETTINGS =
            Set.of("SERVER_PORT", "MANAGEMENT_SERVER_PORT", "SERVER_FORWARD_HEADERS_STRATEGY");

    public static Map<String, ServiceFacts> read(Path repo) {
        String platform = contents(repo.resolve("platform/src/main/resources/onsale-platform.yml"));
        Map<String, ServiceFacts> facts = new LinkedHashMap<>();
        for (Service service : Service.values()) {
            Path moduleDir = repo.resolve(service.module());
            String own = contents(moduleDir.resolve("src/main/resources/application.yml"));
            List<String> configs =
                    own.contains("classpath:onsale-platform.yml") ? List.of(own, platform) : List.of(own);
            Map<String, String> placeholders = new TreeMap<>();
            configs.forEach(config -> {
                Matcher m = PLACEHOLDER.matcher(config);
                while (m.find()) {
                    placeholders.putIfAbsent(m.group(1), m.group(2));
                }
            });
            Object ownTree = Yaml.loadAll(own).getFirst();
            Object port = node(ownTree, "server", "port");
            Integer configuredPort = port instanceof Number n
                    ? Integer.valueOf(n.intValue())
                    : port instanceof String s && PLACEHOLDER.matcher(s).matches()
                            ? Integer.valueOf(placeholderDefault(s))
                            : null;
            Duration phase = configs.stream()
                    .map(config -> text(
                            node(Yaml.loadAll(config).getFirst(), "spring", "lifecycle", "timeout-per-shutdown-phase")))
                    .filter(Objects::nonNull)
                    .findFirst()
                    .map(ServiceFacts::duration)
                    .orElse(BOOT_SHUTDOWN_PHASE);
            facts.put(
                    service.module(),
                    new ServiceFacts(
                            service.module(),
                            service.defaultPort(),
                            configuredPort,
                            placeholders,
                            engines(contents(moduleDir.resolve("pom.xml"))),
                            phase));
        }
        return facts;
    }

    private static String placeholderDefault(String placeholder) {
        Matcher m = PLACEHOLDER.matcher(placeholder);
        return m.matches() ? m.group(2) : null;
    }

    private static Set<Engine> engines(String pom) {
        Set<Engine> engines = EnumSet.noneOf(Engine.class);
        Matcher m = DEPENDENCY.matcher(pom);
        while (m.find()) {
            String dependency = m.group(1);
            if (dependency.contains("<scope>test</scope>")) {
                continue;
            }
            if (dependency.contains("<artifactId>spring-boot-starter-kafka</artifactId>")) {
                engines.add(Engine.KAFKA);
            }
            if (dependency.contains("<artifactId>postgresql</artifactId>")) {
                engines.add(Engine.POSTGRES);
            }
            if (dependency.contains("<artifactId>jedis</artifactId>")
                    || dependency.contains("<artifactId>spring-boot-starter-data-redis-reactive</artifactId>")) {
                engines.add(Engine.REDIS);
            }
        }
        return engines;
    }

    static Duration duration(String text) {
        Matcher m = Pattern.compile("(\\d+)(ms|s|m)").matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: " + text);
        }
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            default -> Duration.ofMinutes(amount);
        };
    }

    public boolean reads(String variable) {
        return placeholders.containsKey(variable) || SPRING_SETTINGS.contains(variable) || JVM_OPTIONS.equals(variable);
    }

    boolean uses(String variable) {
        return Engine.of(variable).map(engines::contains).orElse(true);
    }

    /**
     * Variables whose default only suits a laptop (a localhost endpoint, a local-only key, the superuser, an
     * empty password): a pod left with that default is broken or insecure.
     */
    Set<String> required() {
        Set<String> required = new TreeSet<>();
        placeholders.forEach((name, fallback) -> {
            String value = fallback == null ? "" : fallback.toLowerCase(Locale.ROOT);
            boolean laptopOnly = value.contains("localhost")
                    || value.contains("local")
                    || name.endsWith("_PASSWORD")
                    || name.endsWith("_USER");
            if (laptopOnly && uses(name)) {
                required.add(name);
            }
        });
        return required;
    }
}
