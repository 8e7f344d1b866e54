package dev.onsale.system.ops;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** The repository's operations files as the tests read them, and the outside tools that check them. */
final class Repo {

    static final Path ROOT =
            Path.of(System.getProperty("onsale.repo", "..")).toAbsolutePath().normalize();

    private Repo() {}

    static String read(String path) {
        try {
            return Files.readString(ROOT.resolve(path), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One YAML document (merge keys resolved), with the safe constructor. */
    static Object yaml(String path) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(read(path));
    }

    static Optional<Path> onPath(String program) {
        return Stream.of(Objects.requireNonNullElse(System.getenv("PATH"), "").split(File.pathSeparator))
                .filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /** What a program printed (stdout and stderr together) and how it exited. */
    record Run(int exitCode, String output) {}

    static Run run(Path directory, String... command) {
        try {
            Process process = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in 120 s");
            }
            return new Run(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Every {@code .java} file under the modules' {@code src/main/java}. */
    static List<Path> mainSources() {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(Files::isDirectory).toList()) {
                Path main = module.resolve("src/main/java");
                if (Files.isDirectory(main)) {
                    try (Stream<Path> files = Files.walk(main)) {
                        files.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sources;
    }
}
