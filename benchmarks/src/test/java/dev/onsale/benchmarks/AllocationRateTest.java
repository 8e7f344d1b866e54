package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.benchmarks.BookingDatabase.AllocationRate;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AllocationRateTest {

    private static final Instant FIRST = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void allocationsBackToBackAreOneIntervalFewerThanTheyAreOverTheirSpan() {
        AllocationRate rate = new AllocationRate(101, FIRST, FIRST.plusSeconds(2));

        assertThat(rate.seconds()).isEqualTo(2.0);
        assertThat(rate.perSecond()).isEqualTo(50.0);
    }

    @Test
    void oneAllocationOrAllAtOneInstantMakeNoRate() {
        assertThat(new AllocationRate(1, FIRST, FIRST).measurable()).isFalse();
        assertThat(new AllocationRate(5, FIRST, FIRST).measurable()).isFalse();
        assertThat(new AllocationRate(0, null, null).measurable()).isFalse();
        assertThatThrownBy(() -> new AllocationRate(1, FIRST, FIRST).perSecond())
                .isInstanceOf(IllegalStateException.class);
    }
}
