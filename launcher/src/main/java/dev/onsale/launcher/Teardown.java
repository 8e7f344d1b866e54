package dev.onsale.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Stops the processes of a stack in dependency order: the services (together), then the engines process,
 * then whatever is left of postgres and redis-server (normally already stopped by the engines).
 * The launcher's own entry is never touched here.
 */
final class Teardown {

    static final String LAUNCHER = "launcher";
    static final String ENGINES = "engines";
    static final String POSTGRES = "postgres";
    static final String REDIS = "redis-server";
    private static final Set<String> NOT_SERVICES = Set.of(LAUNCHER, ENGINES, POSTGRES, REDIS);
    private static final Duration ENGINE_PROCESS_GRACE = Duration.ofSeconds(10);

    private Teardown() {}

    /** The redis-server, or one node of a Redis Cluster ({@code redis-server-2}, ...). */
    static boolean isRedis(String name) {
        return name.equals(REDIS) || name.startsWith(REDIS + "-");
    }

    /** See {@link Stack#down}. */
    static List<String> down(Path stateDir, Duration grace, Consumer<String> progress) {
        List<PidsFile.Entry> entries = PidsFile.read(stateDir);
        List<String> report = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        for (PidsFile.Entry entry : entries) {
            if (entry.name().equals(Teardown.LAUNCHER) && entry.pid() != self) {
                entry.live().ifPresent(launcher -> {
                    progress.accept("asking the launcher (pid " + entry.pid() + ") to stop the stack");
                    boolean stopped = !Processes.stop(List.of(launcher), grace.multipliedBy(3))
                            .contains(launcher);
                    report.add("launcher (pid " + entry.pid() + ") " + (stopped ? "stopped" : "killed"));
                });
            }
        }
        report.addAll(stop(entries, grace, progress));
        try {
            Files.deleteIfExists(stateDir.resolve(PidsFile.NAME));
        } catch (IOException e) {
            throw new StackException("could not delete " + stateDir.resolve(PidsFile.NAME) + ": " + e.getMessage(), e);
        }
        return report;
    }

    /** @return one line per process that was still running, saying how it ended */
    static List<String> stop(List<PidsFile.Entry> entries, Duration grace, Consumer<String> progress) {
        List<String> report = new ArrayList<>();
        stopGroup(
                entries.stream()
                        .filter(e -> !NOT_SERVICES.contains(e.name()) && !isRedis(e.name()))
                        .toList(),
                grace,
                progress,
                report);
        stopGroup(
                entries.stream().filter(e -> e.name().equals(ENGINES)).toList(),
                grace.plus(ENGINE_PROCESS_GRACE),
                progress,
                report);
        stopGroup(
                entries.stream()
                        .filter(e -> e.name().equals(POSTGRES) || isRedis(e.name()))
                        .toList(),
                ENGINE_PROCESS_GRACE,
                progress,
                report);
        return report;
    }

    private static void stopGroup(
            List<PidsFile.Entry> group, Duration grace, Consumer<String> progress, List<String> report) {
        Map<ProcessHandle, PidsFile.Entry> live = group.stream()
                .flatMap(e -> e.live().stream().map(p -> Map.entry(p, e)))
                .collect(Collectors.toMap(
                        Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, java.util.LinkedHashMap::new));
        if (live.isEmpty()) {
            return;
        }
        progress.accept("stopping "
                + live.values().stream()
                        .map(e -> e.name() + " (pid " + e.pid() + ")")
                        .collect(Collectors.joining(", ")));
        List<ProcessHandle> killed = Processes.stop(live.keySet(), grace);
        live.forEach((process, entry) -> report.add(entry.name() + " (pid " + entry.pid() + ") "
                + (killed.contains(process) ? "killed after " + grace.toSeconds() + " s" : "stopped")));
    }
}
