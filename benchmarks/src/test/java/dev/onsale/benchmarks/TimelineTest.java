package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class TimelineTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final JsonNode BOARD = JSON.readTree("""
            {"eventId": "0b1aaac8-0a02-490a-abda-0c61d89b98e6", "saleState": "OPEN",
             "queue": {"length": 120, "admitted": 80, "activeBuyers": 40},
             "seats": {"available": 30, "liveHolds": 18, "sold": 12, "capacity": 60},
             "payments": {"queued": 3, "inFlight": 5, "providerErrorsLastMinute": 2,
                          "providerErrorsLastMinuteByOutcome": {"rate_limited": 2}},
             "unavailable": [], "at": "2026-01-01T10:00:00Z"}""");

    private final AtomicLong clock = new AtomicLong(7_000_000_000L);
    private final AtomicLong answered = new AtomicLong();
    private final List<Timeline.Sample> progress = new ArrayList<>();

    @Test
    void eachTickTakesOneSampleOfTheDashboardBesideTheBuyersCounts() {
        Timeline timeline = timeline(() -> BOARD);

        for (int i = 0; i < 3; i++) {
            answered.addAndGet(100);
            timeline.tick();
            clock.addAndGet(1_000_000_000L);
        }

        List<Timeline.Sample> samples = timeline.samples();
        assertThat(samples).extracting(Timeline.Sample::second).containsExactly(0.0, 1.0, 2.0);
        Timeline.Sample last = samples.getLast();
        assertThat(last.dashboard())
                .extracting(
                        Timeline.Dashboard::saleState,
                        Timeline.Dashboard::queueLength,
                        Timeline.Dashboard::liveHolds,
                        Timeline.Dashboard::capacity,
                        Timeline.Dashboard::paymentsInFlight,
                        Timeline.Dashboard::providerErrorsLastMinute)
                .containsExactly("OPEN", 120L, 18L, 60L, 5L, 2L);
        assertThat(last.dashboard().providerErrorsLastMinuteByOutcome()).containsEntry("rate_limited", 2L);
        assertThat(last.buyers().requests()).isEqualTo(300);
        assertThat(last.buyers().unavailable()).isEqualTo(3);
        assertThat(last.sincePrevious().requests()).isEqualTo(100);
        assertThat(last.sincePrevious().unavailable()).isEqualTo(1);
        assertThat(last.stage()).isEqualTo(Timeline.Stage.SALE);
    }

    @Test
    void aFailedReadStillTakesItsSampleWithoutTheDashboardsFigures() {
        AtomicInteger reads = new AtomicInteger();
        Timeline timeline = timeline(() -> {
            if (reads.incrementAndGet() == 2) {
                throw new IllegalStateException("the dashboard failed: 503 <busy>");
            }
            return BOARD;
        });

        timeline.tick();
        timeline.tick();
        timeline.tick();

        List<Timeline.Sample> samples = timeline.samples();
        assertThat(samples).hasSize(3);
        Timeline.Dashboard unread = samples.get(1).dashboard();
        assertThat(unread.queueLength()).isNull();
        assertThat(unread.sold()).isNull();
        assertThat(unread.unavailable()).containsExactly("dashboard: the dashboard failed: 503 <busy>");
        assertThat(samples.get(1).progressLine()).contains("line ?", "sold ?/?");
        assertThat(samples.get(2).dashboard().sold()).isEqualTo(12L);
    }

    @Test
    void aPartTheDashboardCouldNotAnswerLeavesOnlyItsFiguresEmpty() {
        JsonNode withoutSeats = JSON.readTree("""
                {"saleState": "OPEN", "queue": {"length": 9, "admitted": 1, "activeBuyers": 1}, "seats": null,
                 "unavailable": [{"part": "seats", "detail": "no answer within 500 ms"}]}""");
        Timeline timeline = timeline(() -> withoutSeats);

        timeline.tick();

        Timeline.Dashboard board = timeline.samples().getFirst().dashboard();
        assertThat(board.queueLength()).isEqualTo(9L);
        assertThat(board.available()).isNull();
        assertThat(board.paymentsQueued()).isNull();
        assertThat(board.unavailable()).containsExactly("seats: no answer within 500 ms");
    }

    @Test
    void everyFifthSampleIsAProgressLineWithTheSalesFigures() {
        Timeline timeline = timeline(() -> BOARD);

        for (int i = 0; i < 11; i++) {
            answered.addAndGet(100);
            timeline.tick();
            clock.addAndGet(1_000_000_000L);
        }

        assertThat(progress).extracting(Timeline.Sample::second).containsExactly(5.0, 10.0);
        assertThat(progress.getLast().progressLine())
                .isEqualTo("progress 10 s (sale): line 120, admitted 80, live holds 18, sold 12/60,"
                        + " payments queued 3 + in flight 5, 503s 11");
    }

    @Test
    void startedItSamplesOnItsOwnThreadUntilClosed() throws Exception {
        CountDownLatch threeReads = new CountDownLatch(3);
        AtomicInteger reads = new AtomicInteger();
        Timeline timeline = Timeline.start(
                () -> {
                    reads.incrementAndGet();
                    threeReads.countDown();
                    return BOARD;
                },
                () -> BuyerCounts.NONE,
                sample -> {},
                Duration.ofMillis(10));

        assertThat(threeReads.await(10, TimeUnit.SECONDS)).isTrue();
        timeline.settling();
        timeline.close();

        assertThat(timeline.samples()).hasSize(reads.get()).hasSizeGreaterThanOrEqualTo(3);
        assertThat(timeline.samples().getFirst().stage()).isEqualTo(Timeline.Stage.SALE);
    }

    private Timeline timeline(Supplier<JsonNode> dashboard) {
        return new Timeline(dashboard, this::counts, progress::add, clock::get);
    }

    /** Every hundredth answer a 503. */
    private BuyerCounts counts() {
        long requests = answered.get();
        return new BuyerCounts(requests, requests / 100, 0, 0, 0, 0, 0, 0, 0, 0);
    }
}
