package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class WrkHoldsTest {

    /** What holds.lua's done() prints for a run of 200 holds over 1.5 s, latencies rising 10 ms a percent. */
    private static String wrkOutput(int answered) {
        StringBuilder out = new StringBuilder("Running 1m test @ http://localhost:8080\nholds-thread-done\n");
        out.append("holds-run ").append(answered).append(" 1500000\n");
        out.append("holds-answer ").append(answered - 150).append(" 201\n");
        out.append("holds-answer 150 409 sold-out\n");
        for (int percent = 1; percent <= 99; percent++) {
            out.append("holds-latency ")
                    .append(percent)
                    .append(' ')
                    .append(percent * 10_000)
                    .append('\n');
        }
        out.append("holds-latency 100 1400000\n");
        out.append("holds-errors 0 0 0 0\n");
        return out.toString();
    }

    @Test
    void theRunIsReadAsAPhaseWithWrksAnswersTimeAndPercentiles() {
        Latencies phase = WrkHolds.parse(wrkOutput(200), 200);

        assertThat(phase.count("201")).isEqualTo(50);
        assertThat(phase.count("409 sold-out")).isEqualTo(150);
        assertThat(phase.perSecond()).isEqualTo(200 / 1.5);
        assertThat(phase.percentileMillis(0.50)).isEqualTo(500.0);
        assertThat(phase.percentileMillis(0.99)).isEqualTo(990.0);
        assertThat(phase.percentileMillis(1.0)).isEqualTo(1400.0);
    }

    @Test
    void holdsSentButNotAnsweredCountAsNoAnswer() {
        Latencies phase = WrkHolds.parse(wrkOutput(190), 200);

        assertThat(phase.count("no answer")).isEqualTo(10);
        assertThat(phase.count("201")).isEqualTo(40);
        assertThat(phase.perSecond()).isEqualTo(200 / 1.5);
    }

    @Test
    void anOutputWithoutTheRunLineIsAFailureNotAnEmptyPhase() {
        assertThatThrownBy(() -> WrkHolds.parse("unable to connect to localhost:8080 Connection refused\n", 10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Connection refused");
    }

    @Test
    void theBuyersFileHasOneTabSeparatedLineABuyer() {
        String file = WrkHolds.buyersFile(List.of(
                new String[] {"s1", "a1", "{\"quantity\":2}"}, new String[] {"s2", "a2", "{\"seatIds\":[\"A-1-1\"]}"}));

        assertThat(file).isEqualTo("s1\ta1\t{\"quantity\":2}\ns2\ta2\t{\"seatIds\":[\"A-1-1\"]}\n");
    }
}
