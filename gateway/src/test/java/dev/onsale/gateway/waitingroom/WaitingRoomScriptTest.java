package dev.onsale.gateway.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code waiting-room.test.js} (test resources) against the page's script under Node, where Node
 * is installed; skipped elsewhere. Covers the script's rules and its flow against a fake DOM and fetch.
 */
class WaitingRoomScriptTest {

    @Test
    void theWaitingRoomScriptFollowsThePollingContractWhereNodeIsInstalled() throws Exception {
        Optional<Path> node = onPath("node");
        assumeTrue(node.isPresent(), "node is not installed");
        Path script = Path.of(getClass().getResource("waiting-room.js").toURI());
        Path test = Path.of(getClass().getResource("waiting-room.test.js").toURI());

        Process run = new ProcessBuilder(node.get().toString(), test.toString(), script.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).as(output).isZero();
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
