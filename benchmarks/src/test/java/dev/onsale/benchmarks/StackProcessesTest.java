package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.benchmarks.StackProcesses.Entry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StackProcessesTest {

    @Test
    void theResidentSetIsReadFromTheVmRssLineInKilobytes() {
        String status = """
                Name:\tjava
                VmPeak:\t 4381256 kB
                VmHWM:\t  402112 kB
                VmRSS:\t  389460 kB
                RssAnon:\t  361208 kB
                Threads:\t48
                """;

        assertThat(StackProcesses.vmRssKb(status)).isEqualTo(389460);
    }

    @Test
    void aStatusWithoutVmRssHasNone() {
        // a kernel thread, or a zombie, has no VmRSS line
        assertThat(StackProcesses.vmRssKb("Name:\tkthreadd\nState:\tS (sleeping)\n"))
                .isEqualTo(-1);
    }

    @Test
    void thePidsFileGivesEachProcessWithItsStartAndPassesOverWhatTheLauncherDoesNotWrite() {
        List<Entry> entries = StackProcesses.parse(List.of(
                "# processes of the running onsale stack: name=pid startEpochMillis",
                "launcher=100 1767225600000",
                "postgres=102 -",
                "",
                "redis-server=not-a-pid 1767225600000",
                "gateway=110 1767225601000"));

        assertThat(entries)
                .containsExactly(
                        new Entry("launcher", 100, Instant.ofEpochMilli(1767225600000L)),
                        new Entry("postgres", 102, null),
                        new Entry("gateway", 110, Instant.ofEpochMilli(1767225601000L)));
    }
}
