package dev.onsale.queue.line;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PollIntervalTest {

    private static final int TARGET = 2000;
    private final PollInterval interval =
            new PollInterval(new LineProperties(TARGET, Duration.ofSeconds(1), Duration.ofSeconds(30)));

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
        Place preQueue = new Place(QueueStatus.NOT_OPEN, 0, 200_000, null, null, 200, 0);

        assertThat(200_000 * 1000.0 / interval.millis(preQueue)).isLessThanOrEqualTo(TARGET / 2.0);
    }

    private static Place waiting(int position, int length) {
        return new Place(QueueStatus.WAITING, position, length, null, null, 200, position);
    }
}
