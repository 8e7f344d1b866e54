package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackControlTest {

    @TempDir
    Path dir;

    private final List<String> said = new CopyOnWriteArrayList<>();
    private final List<String> crashed = new CopyOnWriteArrayList<>();
    private final List<String> redisPids = new CopyOnWriteArrayList<>();
    private Process engines;
    private Thread control;

    @AfterEach
    void stop() {
        if (control != null) {
            control.interrupt();
        }
        if (engines != null) {
            engines.destroyForcibly();
        }
    }

    @Test
    void aKillRequestCrashesThatServiceAndAnswersDone() throws Exception {
        start();

        Files.writeString(dir.resolve("control/kill-booking"), "");

        assertThat(answer("kill-booking.done")).startsWith("kill-booking in ");
        assertThat(crashed).containsExactly("booking 1");
        assertThat(dir.resolve("control/kill-booking")).doesNotExist();
    }

    @Test
    void aKillRequestMayNameOneReplicaOfTheService() throws Exception {
        start();

        Files.writeString(dir.resolve("control/kill-payment-2"), "");

        assertThat(answer("kill-payment-2.done")).startsWith("kill-payment-2 in ");
        assertThat(crashed).containsExactly("payment 2");
    }

    @Test
    void aPauseStopsTheEnginesProcessForThatLongAndResumesIt() throws Exception {
        start();

        Files.writeString(dir.resolve("control/pause-kafka-2"), "");

        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!state(engines.pid()).equals("T") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(state(engines.pid())).as("stopped during the pause").isEqualTo("T");
        assertThat(dir.resolve("control/pause-kafka-2.running")).exists();
        assertThat(answer("pause-kafka-2.done")).startsWith("pause-kafka-2 in 2.");
        assertThat(state(engines.pid())).as("running again").isNotEqualTo("T");
    }

    @Test
    void aRedisRestartIsAskedOfTheEnginesAndItsNewPidRecorded() throws Exception {
        start();
        Path enginesControl = Files.createDirectories(dir.resolve("engines-control"));
        Thread enginesAnswer = Thread.ofVirtual().start(() -> {
            try {
                while (!Files.exists(enginesControl.resolve("restart-redis"))) {
                    Thread.sleep(20);
                }
                Files.writeString(enginesControl.resolve("restart-redis.done"), "4242\n");
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        Files.writeString(dir.resolve("control/restart-redis"), "");

        assertThat(answer("restart-redis.done")).startsWith("restart-redis in ");
        assertThat(redisPids).containsExactly("4242");
        enginesAnswer.join();
    }

    @Test
    void anUnknownRequestOrServiceAnswersFailedWithWhatItKnows() throws Exception {
        start();

        Files.writeString(dir.resolve("control/kill-ledger"), "");
        Files.writeString(dir.resolve("control/reboot"), "");

        assertThat(answer("kill-ledger.failed")).contains("no service ledger", "booking");
        assertThat(answer("reboot.failed")).contains("unknown request reboot", "pause-kafka-<seconds>");
        assertThat(crashed).isEmpty();
    }

    @Test
    void requestsLeftByAnEarlierStackAreClearedNotCarriedOut() throws Exception {
        Files.createDirectories(dir.resolve("control"));
        Files.writeString(dir.resolve("control/kill-queue"), "");

        start();
        Thread.sleep(500);

        assertThat(crashed).isEmpty();
        assertThat(Files.list(dir.resolve("control"))).isEmpty();
    }

    private void start() throws IOException {
        engines = new ProcessBuilder("sleep", "60").start();
        var target = new StackControl.Target() {
            @Override
            public void crash(Service service, int number) {
                crashed.add(service.option() + " " + number);
            }

            @Override
            public long enginesPid() {
                return engines.pid();
            }

            @Override
            public Path enginesControl() {
                return dir.resolve("engines-control");
            }

            @Override
            public void redisRestarted(String pid) {
                redisPids.add(pid);
            }
        };
        control = new StackControl(target, dir.resolve("control"), said::add).start();
    }

    private String answer(String name) throws Exception {
        Path file = dir.resolve("control").resolve(name);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!Files.exists(file) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(file).as(name + "; said: " + said).exists();
        return Files.readString(file);
    }

    /** The process' state letter from /proc: T when stopped. */
    private static String state(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    }
}
