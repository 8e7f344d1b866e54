package dev.onsale.gateway.site;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the site's scripts and their tests under Node, where Node is on the {@code PATH}; a test calling it is
 * skipped elsewhere, saying so.
 */
final class Node {

    /** What a run printed (standard output and error together) and its exit status. */
    record Run(int exitValue, String output) {}

    private Node() {}

    /** The {@code node} on the {@code PATH}; where there is none, the calling test is skipped. */
    static Path executable() {
        Optional<Path> node = onPath("node");
        assumeTrue(node.isPresent(), "node is not installed");
        return node.get();
    }

    /** {@code node <script> <arguments>}, within 30 s. */
    static Run run(Path script, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(executable().toString(), script.toString()));
        command.addAll(Arrays.asList(arguments));
        Path output = Files.createTempFile("onsale-node-", ".out");
        try {
            Process run = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            boolean ended = run.waitFor(30, TimeUnit.SECONDS);
            if (!ended) {
                run.destroyForcibly().waitFor();
            }
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            if (!ended) {
                throw new AssertionError("node " + script.getFileName() + " ran for more than 30 s:\n" + printed);
            }
            return new Run(run.exitValue(), printed);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** A file of this package's resources (main or test) on the class path. */
    static Path resource(String name) {
        try {
            return Path.of(Node.class.getResource(name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no resource " + name + " next to " + Node.class.getName(), e);
        }
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv("PATH");
        return path == null
                ? Optional.empty()
                : Arrays.stream(path.split(File.pathSeparator))
                        .map(dir -> Path.of(dir, program))
                        .filter(Files::isExecutable)
                        .findFirst();
    }
}
