package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PhaseCpuTest {

    @Test
    void eachProcessCountsWhatItUsedBetweenTheReadingsAndOneThatCameOrWentIsLeftOut() {
        Map<String, Long> start = new LinkedHashMap<>();
        start.put("gateway", 1000L);
        start.put("inventory-service", 500L);
        start.put("payment-service", 90L);
        Map<String, Long> end = new LinkedHashMap<>();
        end.put("gateway", 1180L);
        end.put("inventory-service", 730L);
        end.put("queue-service", 40L);

        assertThat(PhaseCpu.used(start, end))
                .containsExactly(Map.entry("gateway", 180L), Map.entry("inventory-service", 230L));
    }

    @Test
    void theReportGivesMillisecondsPerUnitBusiestFirstAndTheirSum() {
        Map<String, Long> used = new LinkedHashMap<>();
        used.put("gateway", 180L);
        used.put("inventory-service", 230L);
        used.put("redis", 40L);

        // 450 ticks of 10 ms over 5,000 holds: 0.9 ms a hold
        assertThat(PhaseCpu.report(used, 5000, "hold", -1))
                .isEqualTo("CPU of the stack a hold: 0.900 ms (inventory-service 0.460, gateway 0.360, redis 0.080)");
    }

    @Test
    void busyCoresAreTheNonIdleShareOfTheTicksBetweenTwoReadings() {
        int cores = Runtime.getRuntime().availableProcessors();
        long[] start = {100, 0, 50, 1000};
        long[] end = {400, 0, 150, 1100};

        // 500 ticks passed, 100 of them idle
        assertThat(PhaseCpu.busyCores(start, end)).isEqualTo(cores * 0.8, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(PhaseCpu.busyCores(new long[0], end)).isEqualTo(-1);
    }
}
