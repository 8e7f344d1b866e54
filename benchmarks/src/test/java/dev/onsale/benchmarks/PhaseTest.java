package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PhaseTest {

    @Test
    void everyActorPerformsItsOperationTheRequestedNumberOfTimesAndEachIsRecorded() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Latencies latencies = Phase.run("test", 50, 3, i -> {
            calls.incrementAndGet();
            return i % 2 == 0 ? "even" : "odd";
        });
        assertThat(calls).hasValue(150);
        assertThat(latencies.count("even")).isEqualTo(75);
        assertThat(latencies.count("odd")).isEqualTo(75);
        assertThat(latencies.perSecond()).isPositive();
    }

    @Test
    void aFailedOperationIsRecordedUnderItsExceptionName() throws Exception {
        Latencies latencies = Phase.run("test", 4, i -> {
            throw new java.io.IOException("refused");
        });
        assertThat(latencies.count("IOException")).isEqualTo(4);
        assertThat(latencies.report()).contains("IOException=4");
    }

    @Test
    void roundsCombinedAreEveryLatencyAndOutcomeOverTheSumOfTheirWalls() {
        Latencies first = new Latencies("round", 2);
        first.record(1_000_000, "PLACED");
        first.record(3_000_000, "REFUSED");
        first.wall(500_000_000);
        Latencies second = new Latencies("round", 2);
        second.record(2_000_000, "PLACED");
        second.record(9_000_000, "PLACED");
        second.wall(1_500_000_000);

        Latencies all = Latencies.combined("rounds", java.util.List.of(first, second));

        assertThat(all.count("PLACED")).isEqualTo(3);
        assertThat(all.count("REFUSED")).isEqualTo(1);
        assertThat(all.perSecond()).isEqualTo(2.0);
        assertThat(all.percentileMillis(1.0)).isEqualTo(9.0);
        assertThat(all.percentileMillis(0.5)).isEqualTo(2.0);
        assertThat(all.report()).startsWith("rounds").contains("PLACED=3", "REFUSED=1");
    }

    @Test
    void optionsAreNameValuePairsWithDefaults() {
        Options options = Options.parse(new String[] {"--buyers=10", "--gateway=http://x:1"});
        assertThat(options.number("buyers", 5000)).isEqualTo(10);
        assertThat(options.number("polls", 3)).isEqualTo(3);
        assertThat(options.text("gateway", "")).isEqualTo("http://x:1");
    }
}
