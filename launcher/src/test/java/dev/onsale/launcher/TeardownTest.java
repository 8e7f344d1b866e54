package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TeardownTest {

    @TempDir
    Path stateDir;

    @Test
    void downStopsEveryRecordedProcessAndDeletesThePidsFile() throws Exception {
        Process service = new ProcessBuilder("sleep", "60").start();
        Process stubborn = new ProcessBuilder("sh", "-c", "trap '' TERM; while true; do sleep 0.1; done").start();
        var file = new PidsFile(stateDir);
        file.record(PidsFile.Entry.of("gateway", service.toHandle()));
        file.record(PidsFile.Entry.of("queue-service", stubborn.toHandle()));

        List<String> progress = new ArrayList<>();
        List<String> report = Stack.down(stateDir, Duration.ofSeconds(1), progress::add);

        assertThat(service.isAlive()).isFalse();
        assertThat(Processes.awaitExit(stubborn.toHandle(), Duration.ofSeconds(15)))
                .isTrue();
        assertThat(report).anyMatch(l -> l.startsWith("gateway (pid " + service.pid() + ") stopped"));
        assertThat(report).anyMatch(l -> l.startsWith("queue-service (pid " + stubborn.pid() + ") killed"));
        assertThat(Files.exists(stateDir.resolve(PidsFile.NAME))).isFalse();
    }

    @Test
    void downIsHarmlessWhenNothingRuns() {
        assertThat(Stack.down(stateDir, Duration.ofSeconds(1), line -> {})).isEmpty();
    }

    @Test
    void downNeverStopsTheProcessRunningIt() {
        new PidsFile(stateDir).record(PidsFile.Entry.of("launcher", ProcessHandle.current()));
        assertThat(Stack.down(stateDir, Duration.ofSeconds(1), line -> {})).isEmpty();
    }
}
