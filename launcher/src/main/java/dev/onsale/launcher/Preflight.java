package dev.onsale.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What must hold before a stack starts: its jars are built, its ports are free, no stack runs in its state dir. */
final class Preflight {

    private Preflight() {}

    /** @throws StackException listing every problem found */
    static void check(StackConfig config) {
        List<String> problems = new ArrayList<>();
        for (Path jar : requiredJars(config)) {
            if (!Files.isRegularFile(jar)) {
                problems.add("missing " + config.repoRoot().relativize(jar)
                        + " — build it with ./mvnw -B -q -DskipTests install");
            }
        }
        config.ports().duplicatePorts().ifPresent(problems::add);
        if (PidsFile.read(config.stateDir()).stream().anyMatch(e -> e.live().isPresent())) {
            problems.add("a stack is already running (see " + config.stateDir().resolve(PidsFile.NAME)
                    + ") — try ./onsale down");
        }
        if (problems.isEmpty()) {
            List<String> taken = Ports.taken(config.ports().portsToCheck());
            taken.forEach(t -> problems.add(t + " — is another stack running? try ./onsale down"));
        }
        if (!problems.isEmpty()) {
            throw new StackException(String.join("\n", problems));
        }
    }

    static List<Path> requiredJars(StackConfig config) {
        List<Path> jars = new ArrayList<>();
        jars.add(config.layout().enginesJar());
        for (Service service : Service.values()) {
            jars.add(config.layout().serviceJar(service));
        }
        return jars;
    }
}
