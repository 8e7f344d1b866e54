package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChaosTest {

    @TempDir
    Path dir;

    @Test
    void withoutTheFlagThereIsNoChaos() {
        Chaos chaos = Chaos.of(Options.parse(new String[] {"--buyers=10"}), dir);

        assertThat(chaos.active()).isFalse();
        assertThat(chaos.describe()).isEqualTo("none");
    }

    @Test
    void theFlagAloneKillsADifferentServiceInEachRunBesideRedisAndKafka() throws IOException {
        Path control = Files.createDirectories(dir.resolve("control"));
        String[] args = {"--chaos", "--control-dir=" + control};

        Chaos first = Chaos.of(Options.parse(args), dir.resolve("reports"));
        Chaos second = Chaos.of(Options.parse(args), dir.resolve("reports"));

        assertThat(first.describe()).isEqualTo("kill-queue at 10 s, pause-kafka-10 at 25 s, restart-redis at 45 s");
        assertThat(second.describe()).startsWith("kill-inventory at 10 s");
    }

    @Test
    void namedServicesAreKilledOneAfterAnother() throws IOException {
        Path control = Files.createDirectories(dir.resolve("control"));

        Chaos chaos =
                Chaos.of(Options.parse(new String[] {"--chaos=booking,payment", "--control-dir=" + control}), dir);

        assertThat(chaos.describe()).startsWith("kill-booking at 10 s, kill-payment at 40 s");
    }

    @Test
    void aShortSaleBringsTheFaultsCloser() throws IOException {
        Path control = Files.createDirectories(dir.resolve("control"));
        String controlDir = "--control-dir=" + control;

        Chaos chaos = Chaos.of(Options.parse(new String[] {"--chaos=payment", "--chaos-scale=0.3", controlDir}), dir);

        assertThat(chaos.describe()).isEqualTo("kill-payment at 3 s, pause-kafka-10 at 8 s, restart-redis at 14 s");
        for (String scale : List.of("0", "1.5", "-1")) {
            assertThatThrownBy(() -> Chaos.of(
                            Options.parse(new String[] {"--chaos", "--chaos-scale=" + scale, controlDir}), dir))
                    .hasMessageContaining("--chaos-scale")
                    .hasMessageContaining(scale);
        }
    }

    @Test
    void aServiceItMayNotKillOrAStackItCannotReachIsRefusedBeforeAnythingStarts() throws IOException {
        Path control = Files.createDirectories(dir.resolve("control"));

        assertThatThrownBy(() ->
                        Chaos.of(Options.parse(new String[] {"--chaos=gateway", "--control-dir=" + control}), dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outage");
        assertThatThrownBy(() ->
                        Chaos.of(Options.parse(new String[] {"--chaos=redis", "--control-dir=" + control}), dir))
                .hasMessageContaining("not redis");
        assertThatThrownBy(() ->
                        Chaos.of(Options.parse(new String[] {"--chaos", "--control-dir=" + dir.resolve("none")}), dir))
                .hasMessageContaining("./onsale up");
    }

    @Test
    void eachFaultIsAskedThroughTheControlDirectoryAndJudgedByItsAnswer() throws Exception {
        Path control = Files.createDirectories(dir.resolve("control"));
        Thread stack = Thread.ofVirtual().start(() -> answer(control, "restart-redis"));
        Chaos chaos = new Chaos(
                control, List.of(new Chaos.Planned(0, "kill-booking"), new Chaos.Planned(0.1, "restart-redis")));

        chaos.begin();
        chaos.close();
        stack.interrupt();

        assertThat(chaos.faults())
                .extracting(Chaos.Fault::request)
                .containsExactlyInAnyOrder("kill-booking", "restart-redis");
        Chaos.Fault failed =
                chaos.faults().stream().filter(f -> !f.done()).findFirst().orElseThrow();
        assertThat(failed.request()).isEqualTo("restart-redis");
        assertThat(failed.said()).isEqualTo("no redis here");
        assertThat(chaos.check().passed()).isFalse();
        assertThat(chaos.check().detail()).contains("kill-booking", "(killed and ready)", "FAILED: no redis here");
        assertThat(chaos.inWindow(failed.askedSecond())).isTrue();
        assertThat(chaos.inWindow(failed.endedSecond() + Chaos.RECOVERY_SECONDS + 1))
                .isFalse();
    }

    @Test
    void withEveryFaultDoneTheChaosCheckPasses() throws Exception {
        Path control = Files.createDirectories(dir.resolve("control"));
        Thread stack = Thread.ofVirtual().start(() -> answer(control, "none"));
        Chaos chaos = new Chaos(control, List.of(new Chaos.Planned(0, "pause-kafka-10")));

        chaos.begin();
        chaos.close();
        stack.interrupt();

        assertThat(chaos.check().passed()).isTrue();
    }

    @Test
    void the503sOfAFaultsWindowAreCountedApartFromTheJudgedOnes() throws Exception {
        Path control = Files.createDirectories(dir.resolve("control"));
        Thread stack = Thread.ofVirtual().start(() -> answer(control, "none"));
        Chaos chaos = new Chaos(control, List.of(new Chaos.Planned(0, "kill-queue")));
        chaos.begin();
        chaos.close();
        stack.interrupt();
        Chaos.Fault kill = chaos.faults().getFirst();
        double after = kill.endedSecond() + Chaos.RECOVERY_SECONDS + 1;

        Audit.Check check = Audit.unavailableOutside(
                chaos, List.of(tick(kill.askedSecond(), 1000, 600), tick(after, 1000, 5), tick(after + 1, 1000, 4)));

        assertThat(check.name()).isEqualTo(Audit.UNAVAILABLE);
        assertThat(check.passed()).isTrue();
        assertThat(check.detail())
                .startsWith("9 of 2000 requests outside the faults (0.45%)")
                .endsWith(": 600 of 1000");
        assertThat(Audit.unavailableOutside(chaos, List.of(tick(after, 1000, 10)))
                        .passed())
                .isFalse();
    }

    private static Timeline.Sample tick(double second, long requests, long unavailable) {
        var counts = new BuyerCounts(requests, unavailable, 0, 0, 0, 0, 0, 0, 0, 0);
        return new Timeline.Sample(second, Timeline.Stage.SALE, Timeline.Dashboard.unread("-"), counts, counts);
    }

    /** Stands in for the launcher: answers every request done, but {@code failing} failed. */
    private static void answer(Path control, String failing) {
        try {
            while (true) {
                try (var files = Files.list(control)) {
                    for (Path request : files.toList()) {
                        String name = request.getFileName().toString();
                        if (!name.contains(".")) {
                            boolean fails = name.equals(failing);
                            Files.writeString(
                                    control.resolve(name + (fails ? ".failed" : ".done")),
                                    fails ? "no redis here" : "killed and ready");
                            Files.delete(request);
                        }
                    }
                }
                Thread.sleep(20);
            }
        } catch (IOException e) {
            throw new RuntimeException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
