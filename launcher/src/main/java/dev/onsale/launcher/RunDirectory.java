package dev.onsale.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Where one run of a stack keeps its logs and work files: {@code <stateDir>/runs/<time>}, a new one per run. */
final class RunDirectory {

    private static final DateTimeFormatter RUN_NAME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunDirectory() {}

    /** Creates and returns a run directory under {@code stateDir} that no earlier run used. */
    static Path create(Path stateDir) {
        String name = LocalDateTime.now().format(RUN_NAME);
        Path dir = stateDir.resolve("runs").resolve(name);
        for (int n = 2; Files.exists(dir); n++) {
            dir = stateDir.resolve("runs").resolve(name + "-" + n);
        }
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StackException("could not create the run directory " + dir + ": " + e.getMessage(), e);
        }
    }
}
