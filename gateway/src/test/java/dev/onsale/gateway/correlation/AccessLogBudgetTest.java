package dev.onsale.gateway.correlation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class AccessLogBudgetTest {

    private static final long MILLI = Duration.ofMillis(1).toNanos();

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final AccessLogBudget budget = new AccessLogBudget(3, now::get);

    @Test
    void theLinesOfOneSecondStopAtTheBudgetAndTheRestAreSummedUpWhenTheSecondEnds() {
        List<AccessLogBudget.Decision> first = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            first.add(budget.admit(200, 1_500 * MILLI));
        }
        assertThat(first).allSatisfy(d -> assertThat(d.logs()).isTrue());
        assertThat(budget.admit(503, 2_000 * MILLI).logs()).isFalse();
        assertThat(budget.admit(200, 4_200 * MILLI).logs()).isFalse();
        now.addAndGet(999 * MILLI);
        assertThat(budget.admit(409, 1_100 * MILLI).logs()).isFalse();
        assertThat(budget.roll()).isEmpty();

        now.addAndGet(MILLI);
        AccessLogBudget.Decision next = budget.admit(200, 1_000 * MILLI);

        assertThat(next.logs()).isTrue();
        assertThat(next.previous()).contains(new AccessLogBudget.Summary(3, 1, 4_200));
        assertThat(budget.roll()).isEmpty();
    }

    @Test
    void aSecondThatEndsWithNoAnswerAfterItIsSummedUpByTheTimer() {
        for (int i = 0; i < 5; i++) {
            budget.admit(503, 1_200 * MILLI);
        }
        assertThat(budget.roll()).isEmpty();
        now.addAndGet(1_000 * MILLI);

        assertThat(budget.roll()).contains(new AccessLogBudget.Summary(2, 2, 1_200));
        assertThat(budget.roll()).isEmpty();
        now.addAndGet(5_000 * MILLI);
        assertThat(budget.roll())
                .as("a second within the budget has nothing to sum up")
                .isEmpty();
    }

    @Test
    void concurrentAnswersNeverGetMoreLinesThanTheBudgetAndEveryOtherIsCounted() throws InterruptedException {
        AccessLogBudget wide = new AccessLogBudget(100, now::get);
        AtomicInteger logged = new AtomicInteger();
        int threads = 8;
        int each = 5_000;
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            running.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < each; i++) {
                    if (wide.admit(200, 2_000 * MILLI).logs()) {
                        logged.incrementAndGet();
                    }
                }
            }));
        }
        start.countDown();
        for (Thread thread : running) {
            thread.join();
        }
        now.addAndGet(1_000 * MILLI);

        assertThat(logged).hasValue(100);
        assertThat(wide.roll()).contains(new AccessLogBudget.Summary(threads * each - 100, 0, 2_000));
    }

    @Test
    void aBudgetOfNoLinesIsRefused() {
        assertThatThrownBy(() -> new AccessLogBudget(0, now::get)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new AccessLogProperties(false, false, Duration.ofSeconds(1), 0))
                .hasMessageContaining("lines-per-second");
    }
}
