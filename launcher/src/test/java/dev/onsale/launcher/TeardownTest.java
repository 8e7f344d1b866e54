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
    void everyNodeOfARedisClusterIsStoppedWithTheEnginesNotBeforeTheServices() throws Exception {
        Process service = new ProcessBuilder("sleep", "60").start();
        Process first = new ProcessBuilder("sleep", "60").start();
        Process second = new ProcessBuilder("sleep", "60").start();
        var file = new PidsFile(stateDir);
        // recorded before the service: stopped in one group with it, the node would come first in the report
        file.record(PidsFile.Entry.of(Teardown.REDIS + "-2", second.toHandle()));
        file.record(PidsFile.Entry.of(Teardown.REDIS, first.toHandle()));
        file.record(PidsFile.Entry.of("booking-service", service.toHandle()));

        List<String> report = Stack.down(stateDir, Duration.ofSeconds(1), line -> {});

        assertThat(first.isAlive() || second.isAlive() || service.isAlive()).isFalse();
        assertThat(report.indexOf(report.stream()
                        .filter(l -> l.startsWith("booking-service"))
                        .findFirst()
                        .orElseThrow()))
                .as("the services stop first, the engines' processes after them: %s", report)
                .isLessThan(report.indexOf(report.stream()
                        .filter(l -> l.startsWith("redis-server-2"))
                        .findFirst()
                        .orElseThrow()));
        assertThat(Teardown.isRedis("redis-server-3")).isTrue();
        assertThat(Teardown.isRedis("redis-serverless")).isFalse();
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
