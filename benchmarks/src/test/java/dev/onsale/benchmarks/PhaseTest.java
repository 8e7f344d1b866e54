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
    void optionsAreNameValuePairsWithDefaults() {
        Options options = Options.parse(new String[] {"--buyers=10", "--gateway=http://x:1"});
        assertThat(options.number("buyers", 5000)).isEqualTo(10);
        assertThat(options.number("polls", 3)).isEqualTo(3);
        assertThat(options.text("gateway", "")).isEqualTo("http://x:1");
    }
}
