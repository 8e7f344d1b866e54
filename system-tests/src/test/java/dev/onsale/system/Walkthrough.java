package dev.onsale.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's walkthrough, the shell block a newcomer pastes whole: found after its marker line, and run by
 * {@code bash} as written, against a stack named by the variables the block itself reads ({@code GW},
 * {@code SANDBOX}, {@code ADMIN}, {@code AUDITOR}).
 */
final class Walkthrough {

    /** The line in README.md right before the block. */
    static final String MARKER = "<!-- walkthrough: the block below runs as written (StackSystemIT) -->";

    private static final Pattern BLOCK =
            Pattern.compile(Pattern.quote(MARKER) + "\\s*```bash\\n(.*?)\\n```", Pattern.DOTALL);

    private Walkthrough() {}

    /** The block's text, from the repository's README.md. */
    static String block() {
        Path readme = Path.of(System.getProperty("onsale.repo", ".."))
                .toAbsolutePath()
                .normalize()
                .resolve("README.md");
        String text;
        try {
            text = Files.readString(readme, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher block = BLOCK.matcher(text);
        if (!block.find()) {
            throw new IllegalStateException("README.md has no ```bash block after the line " + MARKER);
        }
        return block.group(1);
    }

    /** What running {@code script} printed, stdout and stderr together, and its exit status. */
    record Run(int exitStatus, String output) {
        List<String> lines() {
            return output.lines().toList();
        }
    }

    /** Runs {@code script} with {@code bash} and the given variables, for at most {@code limit}. */
    static Run run(String script, Map<String, String> variables, Duration limit) {
        try {
            ProcessBuilder bash = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true);
            bash.environment().putAll(variables);
            Process process = bash.start();
            process.getOutputStream().close();
            byte[][] output = new byte[1][];
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    output[0] = process.getInputStream().readAllBytes();
                } catch (IOException e) {
                    output[0] = ("(output lost: " + e + ")").getBytes(StandardCharsets.UTF_8);
                }
            });
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                reader.join(Duration.ofSeconds(5));
                throw new AssertionError("the walkthrough did not end within " + limit + ":\n"
                        + (output[0] == null ? "" : new String(output[0], StandardCharsets.UTF_8)));
            }
            reader.join();
            return new Run(process.exitValue(), new String(output[0], StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
