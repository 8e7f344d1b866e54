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

    @Test
    void aProcessCpuIsItsUserPlusSystemTicksCountedAfterTheCommandName() {
        // the command name may hold spaces and parentheses: the fields are counted after its last ')'
        String stat = "4242 (java (gate) x) S 1 4242 4242 0 -1 4194560 83713 0 12 0 1571 312 0 0 20 0 61 0"
                + " 0 2330 4700635136 97365 18446744073709551615 1 1 0 0 0 0 0 4096 16387 0 0 0 17 1 0 0 0 0 0";

        assertThat(StackProcesses.statTicks(stat)).isEqualTo(1571 + 312);
    }

    @Test
    void aStatLineTooShortOrWithoutACommandNameHasNoCpu() {
        assertThat(StackProcesses.statTicks("4242 (java) S 1 2 3")).isEqualTo(-1);
        assertThat(StackProcesses.statTicks("not a stat line")).isEqualTo(-1);
    }
}
