package dev.onsale.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * A rehearsed sale over time: once a second, from the moment its event exists until its audit begins, a sample of
 * the event's dashboard ({@code GET /admin/events/{id}/dashboard}) beside what the buyers have seen so far. A read
 * that fails leaves that sample's dashboard figures empty (null), as does a part the dashboard lists as
 * unavailable; the sample is taken all the same, so the timeline has one sample per tick. Every fifth sample goes
 * to a progress listener as well.
 *
 * <p>Concurrency: one sampler thread takes the samples; {@link #samples()} may be read at any time. The buyers'
 * counts come from thread-safe counters that the buyers write meanwhile, read at the tick, before the dashboard.
 */
final class Timeline implements AutoCloseable {

    /** Samples between two progress lines. */
    static final int PROGRESS_EVERY = 5;

    /** Where the sale is when a sample is taken. */
    enum Stage {
        /** The buyers arrive, wait, hold and pay. */
        SALE,
        /** The buyers are done; holds expire and payments end. */
        SETTLING
    }

    /**
     * The dashboard's figures at a sample, each null when the dashboard did not give it.
     *
     * @param unavailable the parts the dashboard could not answer ({@code part: detail}), or why it was not read
     */
    record Dashboard(
            String saleState,
            Long queueLength,
            Long admitted,
            Long activeBuyers,
            Long available,
            Long liveHolds,
            Long sold,
            Long capacity,
            Long paymentsQueued,
            Long paymentsInFlight,
            Long providerErrorsLastMinute,
            Map<String, Long> providerErrorsLastMinuteByOutcome,
            List<String> unavailable) {

        /** The figures of a dashboard answer, as far as it has them. */
        static Dashboard of(JsonNode board) {
            List<String> unavailable = new ArrayList<>();
            for (JsonNode part : board.path("unavailable")) {
                unavailable.add(part.path("part").asString("?") + ": "
                        + part.path("detail").asString(""));
            }
            Map<String, Long> byOutcome = new TreeMap<>();
            board.path("payments")
                    .path("providerErrorsLastMinuteByOutcome")
                    .properties()
                    .forEach(e -> byOutcome.put(e.getKey(), e.getValue().asLong()));
            JsonNode saleState = board.path("saleState");
            return new Dashboard(
                    saleState.isString() ? saleState.asString() : null,
                    number(board, "queue", "length"),
                    number(board, "queue", "admitted"),
                    number(board, "queue", "activeBuyers"),
                    number(board, "seats", "available"),
                    number(board, "seats", "liveHolds"),
                    number(board, "seats", "sold"),
                    number(board, "seats", "capacity"),
                    number(board, "payments", "queued"),
                    number(board, "payments", "inFlight"),
                    number(board, "payments", "providerErrorsLastMinute"),
                    byOutcome,
                    unavailable);
        }

        /** No figures: the dashboard was not read, for {@code reason}. */
        static Dashboard unread(String reason) {
            return new Dashboard(
                    null, null, null, null, null, null, null, null, null, null, null, Map.of(), List.of(reason));
        }

        private static Long number(JsonNode board, String part, String field) {
            JsonNode value = board.path(part).path(field);
            return value.isNumber() ? value.asLong() : null;
        }
    }

    /**
     * One tick.
     *
     * @param second        since the sampler started (the event existed, its first buyer had not arrived)
     * @param buyers        what the buyers had seen so far
     * @param sincePrevious what they saw since the previous sample: a second, unless a slow read overran it
     */
    record Sample(double second, Stage stage, Dashboard dashboard, BuyerCounts buyers, BuyerCounts sincePrevious) {

        /** One line for a log: the sale's progress at this sample. */
        String progressLine() {
            return ("progress %.0f s (%s): line %s, admitted %s, live holds %s, sold %s/%s,"
                            + " payments queued %s + in flight %s, 503s %d%s")
                    .formatted(
                            second,
                            stage.name().toLowerCase(Locale.ROOT),
                            shown(dashboard.queueLength()),
                            shown(dashboard.admitted()),
                            shown(dashboard.liveHolds()),
                            shown(dashboard.sold()),
                            shown(dashboard.capacity()),
                            shown(dashboard.paymentsQueued()),
                            shown(dashboard.paymentsInFlight()),
                            buyers.unavailable(),
                            dashboard.unavailable().isEmpty()
                                    ? ""
                                    : "; unavailable: " + String.join(", ", dashboard.unavailable()));
        }

        private static String shown(Long figure) {
            return figure == null ? "?" : figure.toString();
        }
    }

    private final Supplier<JsonNode> dashboard;
    private final Supplier<BuyerCounts> buyers;
    private final Consumer<Sample> progress;
    private final LongSupplier nanoTime;
    private final long origin;
    private final List<Sample> samples = new CopyOnWriteArrayList<>();
    private volatile Stage stage = Stage.SALE;
    private volatile boolean stopped;
    /** Written and read by the sampler thread only. */
    private BuyerCounts previous = BuyerCounts.NONE;

    private Thread sampler;

    /**
     * A timeline sampled by {@link #tick()} only (no thread of its own).
     *
     * @param dashboard the event's dashboard; may throw, which leaves that sample without dashboard figures
     * @param buyers    what the buyers have seen so far
     * @param progress  handed every {@link #PROGRESS_EVERY}th sample
     * @param nanoTime  the clock, on the {@link System#nanoTime()} scale
     */
    Timeline(
            Supplier<JsonNode> dashboard,
            Supplier<BuyerCounts> buyers,
            Consumer<Sample> progress,
            LongSupplier nanoTime) {
        this.dashboard = dashboard;
        this.buyers = buyers;
        this.progress = progress;
        this.nanoTime = nanoTime;
        this.origin = nanoTime.getAsLong();
    }

    /** A timeline that samples now and then every {@code period} on a (daemon) virtual thread until closed. */
    static Timeline start(
            Supplier<JsonNode> dashboard, Supplier<BuyerCounts> buyers, Consumer<Sample> progress, Duration period) {
        Timeline timeline = new Timeline(dashboard, buyers, progress, System::nanoTime);
        timeline.sampler = Thread.ofVirtual().name("timeline").start(() -> timeline.sampleEvery(period.toNanos()));
        return timeline;
    }

    /** Ticks at {@code origin} and every {@code period} after it, until closed (or interrupted). */
    private void sampleEvery(long period) {
        long next = origin;
        while (running()) {
            for (long wait = next - System.nanoTime(); wait > 0 && running(); wait = next - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            if (!running()) {
                return;
            }
            tick();
            // a read that overran its second skips the ticks it missed rather than taking them in a burst
            long behind = System.nanoTime() - next;
            next += Math.max(1, behind / period + 1) * period;
        }
    }

    private boolean running() {
        return !stopped && !Thread.currentThread().isInterrupted();
    }

    /** Takes one sample: the buyers' counts, then the dashboard (or, when that read fails, why). */
    void tick() {
        long now = nanoTime.getAsLong();
        BuyerCounts counts = buyers.get();
        Dashboard board;
        try {
            board = Dashboard.of(dashboard.get());
        } catch (RuntimeException e) {
            String reason = String.valueOf(e.getMessage());
            board = Dashboard.unread(
                    "dashboard: " + (reason.length() > 160 ? reason.substring(0, 160) + "..." : reason));
        }
        Sample sample =
                new Sample(Math.round((now - origin) / 1e8) / 10.0, stage, board, counts, counts.minus(previous));
        previous = counts;
        int index = samples.size();
        samples.add(sample);
        if (index > 0 && index % PROGRESS_EVERY == 0) {
            progress.accept(sample);
        }
    }

    /** The buyers are done: the samples from now on are the settling's. */
    void settling() {
        stage = Stage.SETTLING;
    }

    /** Every sample so far, oldest first. */
    List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** Stops sampling; returns once the sampler thread has ended (after a read under way, if any). */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        if (sampler != null) {
            LockSupport.unpark(sampler);
            sampler.join();
        }
    }
}
