package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PidsFileTest {

    @TempDir
    Path stateDir;

    @Test
    void recordedEntriesAreReadBackInOrder() {
        var file = new PidsFile(stateDir);
        file.record(PidsFile.Entry.of("launcher", ProcessHandle.current()));
        file.record(new PidsFile.Entry("postgres", 4242, Instant.ofEpochMilli(1_700_000_000_000L)));
        file.record(new PidsFile.Entry("redis-server", 4343, null));

        assertThat(PidsFile.read(stateDir))
                .extracting(PidsFile.Entry::name)
                .containsExactly("launcher", "postgres", "redis-server");
        assertThat(PidsFile.read(stateDir).get(1))
                .isEqualTo(new PidsFile.Entry("postgres", 4242, Instant.ofEpochMilli(1_700_000_000_000L)));
        assertThat(PidsFile.read(stateDir).get(2).startedAt()).isNull();
    }

    @Test
    void noFileMeansNothingRuns() {
        assertThat(PidsFile.read(stateDir)).isEmpty();
    }

    @Test
    void garbageLinesAreIgnored() throws Exception {
        Files.writeString(stateDir.resolve(PidsFile.NAME), "# comment\nnonsense\ngateway=abc\nqueue-service=12 -\n");
        assertThat(PidsFile.read(stateDir)).containsExactly(new PidsFile.Entry("queue-service", 12, null));
    }

    @Test
    void anEntryIsLiveOnlyWhileItsProcessRunsWithTheRecordedStartTime() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            var entry = PidsFile.Entry.of("gateway", sleeper.toHandle());
            assertThat(entry.live()).isPresent();
            var reused = new PidsFile.Entry(
                    "gateway", sleeper.pid(), entry.startedAt().minusSeconds(3600));
            assertThat(reused.live())
                    .as("same pid, other start time: another process")
                    .isEmpty();
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
        assertThat(PidsFile.Entry.of("gateway", sleeper.toHandle()).live()).isEmpty();
    }
}
