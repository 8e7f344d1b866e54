package dev.onsale.queue.line;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PollIntervalTest {

    private static final int TARGET = 2000;
    private static final Instant NOW = Instant.parse("2026-03-01T09:00:00Z");
    private final PollInterval interval = new PollInterval(
            new LineProperties(TARGET, Duration.ofSeconds(1), Duration.ofSeconds(30)),
            Clock.fixed(NOW, ZoneOffset.UTC));

    @ParameterizedTest
    @ValueSource(ints = {1, 10, 500, 5_000, 50_000, 1_000_000})
    void theWholeLinePollsNoMoreThanTheTargetPerSecondHoweverLongItIs(int length) {
        double pollsPerSecond = 0;
        for (int position = 1; position <= length; position++) {
            pollsPerSecond += 1000.0 / interval.millis(waiting(position, length));
        }

        assertThat(pollsPerSecond).isLessThanOrEqualTo(TARGET);
    }

    @Test
    void theFrontPollsEverySecondAndTheBackOfFiveThousandEveryThirty() {
        assertThat(interval.millis(waiting(1, 5000))).isEqualTo(1_000);
        assertThat(interval.millis(waiting(100, 5000))).isEqualTo(1_000);
        assertThat(interval.millis(waiting(5000, 5000))).isEqualTo(30_000);
    }

    @Test
    void intervalsNeverShrinkFurtherBack() {
        long previous = 0;
        for (int position = 1; position <= 5000; position++) {
            long next = interval.millis(waiting(position, 5000));
            assertThat(next).isGreaterThanOrEqualTo(previous);
            previous = next;
        }
    }

    @Test
    void aHugePreQueueStretchesItsIntervalToStayWithinHalfTheTarget() {
        Place preQueue = preQueue(200_000, null);

        assertThat(200_000 * 1000.0 / interval.millis(preQueue)).isLessThanOrEqualTo(TARGET / 2.0);
    }

    @Test
    void aPreQueueForASaleMonthsAwayPollsOnceAMinute() {
        assertThat(interval.millis(preQueue(10, NOW.plus(Duration.ofDays(90))))).isEqualTo(60_000);
    }

    @Test
    void aPreQueueForASaleSecondsAwayPollsWhenItOpens() {
        assertThat(interval.millis(preQueue(10, NOW.plusSeconds(10)))).isEqualTo(10_000);
    }

    @Test
    void aHugePreQueueForASaleMonthsAwayStillStretchesToItsLoadBasedInterval() {
        long loadBased = interval.millis(preQueue(200_000, null));

        assertThat(loadBased).isEqualTo(200_000); // 2 * 200,000 / 2,000 per second
        assertThat(interval.millis(preQueue(200_000, NOW.plus(Duration.ofDays(90)))))
                .isEqualTo(loadBased);
    }

    @Test
    void aPreQueueWhoseOpeningHasPassedOrIsUnknownPollsAtItsLoadBasedIntervalNeverBelowTheMinimum() {
        assertThat(interval.millis(preQueue(10, null))).isEqualTo(1_000);
        assertThat(interval.millis(preQueue(10, NOW.minusSeconds(5)))).isEqualTo(1_000);
        assertThat(interval.millis(preQueue(10, NOW.plusMillis(300)))).isEqualTo(1_000);
        assertThat(interval.millis(preQueue(5_000, NOW.minusSeconds(5)))).isEqualTo(5_000);
    }

    private static Place waiting(int position, int length) {
        return new Place(QueueStatus.WAITING, position, length, null, null, 200, position, null);
    }

    private static Place preQueue(int size, Instant saleOpensAt) {
        return new Place(QueueStatus.NOT_OPEN, 0, size, null, null, 200, 0, saleOpensAt);
    }
}
