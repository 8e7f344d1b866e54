package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SandboxFaultsTest {

    private static final JsonNode CURRENT = JsonMapper.builder().build().readTree("""
                    {"tps": 50, "latencyP50Ms": 100, "latencyP99Ms": 800, "timeoutShare": 0.02, "timeoutHangMs": 30000,
                     "serverErrorShare": 0.01, "webhookLossShare": 0.02, "webhookDuplicateShare": 0.05}""");

    @Test
    void withoutFaultOptionsTheSandboxIsLeftAlone() {
        SandboxFaults faults = SandboxFaults.of(Options.parse(new String[] {"--buyers=300"}));

        assertThat(faults.any()).isFalse();
        assertThat(faults.describe()).isEqualTo("the sandbox's own settings");
    }

    @Test
    void eachFaultOptionSetsItsSandboxSettingAndPercentsBecomeShares() {
        SandboxFaults faults = SandboxFaults.of(Options.parse(new String[] {
            "--provider-tps=20",
            "--provider-latency-ms=300",
            "--provider-latency-p99-ms=1500",
            "--provider-timeout-percent=5",
            "--provider-5xx-percent=2.5",
            "--webhook-loss-percent=10",
            "--webhook-duplicate-percent=20"
        }));

        JsonNode changes = faults.changes(CURRENT);

        assertThat(changes.path("tps").asInt()).isEqualTo(20);
        assertThat(changes.path("latencyP50Ms").asLong()).isEqualTo(300);
        assertThat(changes.path("latencyP99Ms").asLong()).isEqualTo(1500);
        assertThat(changes.path("timeoutShare").asDouble()).isEqualTo(0.05);
        assertThat(changes.path("serverErrorShare").asDouble()).isEqualTo(0.025);
        assertThat(changes.path("webhookLossShare").asDouble()).isEqualTo(0.10);
        assertThat(changes.path("webhookDuplicateShare").asDouble()).isEqualTo(0.20);
        assertThat(changes.has("timeoutHangMs"))
                .as("what was not asked for stays")
                .isFalse();
        assertThat(faults.describe())
                .isEqualTo("provider-tps=20, provider-latency-ms=300, provider-latency-p99-ms=1500,"
                        + " provider-timeout-percent=5, provider-5xx-percent=2.5, webhook-loss-percent=10,"
                        + " webhook-duplicate-percent=20");
    }

    @Test
    void oneLatencyBoundMovesTheOtherWhereTheSandboxsRulesNeedIt() {
        assertThat(latency("--provider-latency-ms=2000")).isEqualTo("2000/2000");
        assertThat(latency("--provider-latency-ms=50")).isEqualTo("50/800");
        assertThat(latency("--provider-latency-ms=0")).isEqualTo("0/0");
        assertThat(latency("--provider-latency-p99-ms=40")).isEqualTo("40/40");
        assertThat(latency("--provider-latency-p99-ms=0")).isEqualTo("0/0");
    }

    @Test
    void aFaultOutOfRangeIsRefusedNamingItsOption() {
        assertThatThrownBy(() -> SandboxFaults.of(Options.parse(new String[] {"--provider-tps=0"})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--provider-tps");
        assertThatThrownBy(() -> SandboxFaults.of(Options.parse(new String[] {"--webhook-loss-percent=101"})))
                .hasMessageContaining("--webhook-loss-percent");
        assertThatThrownBy(() -> SandboxFaults.of(Options.parse(new String[] {"--provider-latency-ms=-5"})))
                .hasMessageContaining("--provider-latency-ms");
        assertThatThrownBy(() -> SandboxFaults.of(Options.parse(new String[] {"--provider-5xx-percent=lots"})))
                .hasMessageContaining("--provider-5xx-percent must be a number");
        assertThatThrownBy(() -> SandboxFaults.of(
                        Options.parse(new String[] {"--provider-latency-ms=500", "--provider-latency-p99-ms=100"})))
                .hasMessageContaining("below");
    }

    private static String latency(String option) {
        JsonNode changes =
                SandboxFaults.of(Options.parse(new String[] {option})).changes(CURRENT);
        return changes.path("latencyP50Ms").asLong() + "/"
                + changes.path("latencyP99Ms").asLong();
    }
}
