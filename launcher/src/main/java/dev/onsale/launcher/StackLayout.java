package dev.onsale.launcher;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a stack's files are: the jars it runs, built in the repository, and its state ({@code stack.pids}, and
 * each run's logs and engine data under {@code runs/<timestamp>/}).
 *
 * @param repoRoot where {@code <module>/target/*.jar} are found
 * @param stateDir holds {@code stack.pids} and {@code runs/<timestamp>/} (logs, engine data)
 * @param version  artifact version of the jars
 */
public record StackLayout(Path repoRoot, Path stateDir, String version) {

    public static final String VERSION = "0.1.0-SNAPSHOT";

    public StackLayout {
        Objects.requireNonNull(repoRoot, "repoRoot");
        Objects.requireNonNull(stateDir, "stateDir");
    }

    /** The jars of this build of {@code repoRoot}, the state in its {@code .onsale} directory. */
    static StackLayout of(Path repoRoot) {
        Path root = repoRoot.toAbsolutePath().normalize();
        return new StackLayout(root, root.resolve(".onsale"), VERSION);
    }

    StackLayout withStateDir(Path dir) {
        return new StackLayout(repoRoot, dir, version);
    }

    /** The engines' fat jar (Kafka, PostgreSQL and Redis in one process). */
    Path enginesJar() {
        return repoRoot.resolve("embedded-engines/target/embedded-engines-" + version + "-exec.jar");
    }

    /** {@code service}'s Spring Boot fat jar. */
    Path serviceJar(Service service) {
        return repoRoot.resolve(service.module() + "/target/" + service.module() + "-" + version + ".jar");
    }
}
