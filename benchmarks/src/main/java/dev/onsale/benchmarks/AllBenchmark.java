package dev.onsale.benchmarks;

import dev.onsale.benchmarks.RatioTable.Figure;
import dev.onsale.benchmarks.RatioTable.Row;
import dev.onsale.benchmarks.RatioTable.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code ./onsale bench all}: one table of ratios ({@link RatioTable}), every figure measured in this run against the
 * one running stack, each beside its raw engine: progress documents ({@link ProgressBenchmark}) and status polls
 * ({@link WaitingRoomBenchmark}) through the gateway against raw {@code ZRANK}; holds through the gateway against raw
 * {@code EVALSHA} of the gate script ({@link HoldsBenchmark}); booking's allocations during those holds against a raw
 * {@code SKIP LOCKED} loop on the same PostgreSQL ({@link RawAllocations}); the settle time of the payments against
 * N / TPS and the raw sandbox ({@link PaymentsBenchmark}); the p99 of every step of a sale ({@link SaleBenchmark}); and
 * the resident memory of every process of the stack ({@link StackProcesses}). Each part prints its own report as it
 * runs; a part that fails, or cannot run here, leaves a row saying why and the others still run.
 */
final class AllBenchmark {

    private static final String PROGRESS = "progress via the gateway / raw ZRANK (wrk, redis-benchmark)";
    private static final String STATUS = "status polls via the gateway / raw ZRANK (Jedis)";
    private static final String HOLDS = "holds via the gateway / raw EVALSHA of the gate script";
    private static final String ALLOCATIONS = "booking allocations / raw SKIP LOCKED loop";
    private static final String SETTLE = "settle time of the payments";
    private static final String SETTLE_RAW = "payments' settle time / raw charges at the sandbox";
    private static final String SALE = "p99 per step of a sale";
    private static final String MEMORY = "resident memory of the stack";

    /** The README's targets: progress documents and holds through the gateway, as shares of their raw engine. */
    private static final double PROGRESS_TARGET = 0.15;

    private static final double HOLDS_TARGET = 0.10;
    /** The README's targets for the seed's sale: a join's p99, and the share of requests answered 503. */
    private static final Figure JOIN_P99_TARGET = Figure.millis(3000);

    private static final Figure UNAVAILABLE_TARGET = Figure.percent(1);

    /** One part of the run: its rows, or an exception that becomes a row saying why there are none. */
    @FunctionalInterface
    private interface Part {
        List<Row> rows() throws Exception;
    }

    private final Options options;
    private final Path stateDir;
    private final Path out;
    private final int dbConnections;

    AllBenchmark(Options given) {
        // small by default, so that the whole table takes minutes: --buyers (to 50,000), --seats, --payments scale it;
        // the parts before the sale have warmed the stack, so it has no warm-up sale of its own unless asked for
        this.options = given.orElse("buyers", "1000")
                .orElse("seats", "200")
                .orElse("payments", "200")
                .orElse("seconds", "5")
                .orElse("warm-up-buyers", "0");
        this.stateDir = Path.of(options.text("state-dir", ".onsale"));
        String file = options.text("out", null);
        if (file != null && file.isBlank()) {
            // refused now rather than after minutes of load, when the table would be written
            throw new IllegalArgumentException("--out needs a file: --out=FILE");
        }
        this.out = file == null ? null : Path.of(file);
        // the engine's ceiling on this machine, not booking's three consumers: raw rows are ceilings
        this.dbConnections = options.number("db-connections", 8);
    }

    void run() throws Exception {
        Instant started = Instant.now();
        List<Row> rows = new ArrayList<>();
        rows.addAll(part(PROGRESS, this::progress));
        rows.addAll(part(STATUS, this::statusPolls));
        rows.addAll(part(HOLDS, this::holdsAndAllocations));
        rows.addAll(part(SETTLE, this::payments));
        rows.addAll(part(SALE, this::sale));
        rows.addAll(part(MEMORY, this::memory));
        RatioTable table = new RatioTable(heading(started), rows);
        System.out.println();
        System.out.print(table.text());
        if (out != null) {
            Files.writeString(out, table.json());
            System.out.println("the same table as JSON: " + out);
        }
    }

    private List<String> heading(Instant started) {
        return List.of(
                String.format(
                        Locale.ROOT,
                        "bench all: every figure measured in this run (started %s, %d s) against the stack at %s, on"
                                + " %d cores shared with the load generator",
                        started.truncatedTo(ChronoUnit.SECONDS),
                        Instant.now().getEpochSecond() - started.getEpochSecond(),
                        options.text("gateway", "http://localhost:8080"),
                        Runtime.getRuntime().availableProcessors()),
                String.format(
                        Locale.ROOT,
                        "%s buyers a part (the sale's for %s seats), %s payments; ratio: the share of the raw figure"
                                + " reached (a rate: system / raw, a time: raw / system); targets as the project states them",
                        options.text("buyers", ""),
                        options.text("seats", ""),
                        options.text("payments", "")));
    }

    /** Runs {@code part}, printing its report under a title; a failure becomes one row under {@code what}. */
    private static List<Row> part(String what, Part part) throws InterruptedException {
        System.out.printf("%n== %s%n", what);
        try {
            return part.rows();
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            String why = e.getClass().getSimpleName() + ": "
                    + (message.length() > 160 ? message.substring(0, 160) + "..." : message);
            System.out.println(what + " not measured: " + why);
            return List.of(Row.unmeasured(what, why));
        }
    }

    private List<Row> progress() throws Exception {
        List<String> missing = ProgressBenchmark.missingTools();
        if (!missing.isEmpty()) {
            return List.of(Row.unmeasured(
                    PROGRESS, String.join(" and ", missing) + " not on the PATH (apt-get install wrk redis-tools)"));
        }
        ProgressBenchmark.Figures figures = new ProgressBenchmark(options).measure();
        double raw = figures.rawZrank();
        return List.of(
                Row.rates(PROGRESS, figures.plain().perSecond(), raw, PROGRESS_TARGET, "C generators on both sides"),
                Row.rates(
                        "progress via the gateway, 304 on its ETag / raw ZRANK",
                        figures.revalidated().perSecond(),
                        raw,
                        null,
                        "wrk with If-None-Match"),
                Row.rates(
                        "progress at queue-service directly / raw ZRANK",
                        figures.origin().perSecond(),
                        raw,
                        null,
                        "the origin, no cache in front"));
    }

    private List<Row> statusPolls() throws Exception {
        WaitingRoomBenchmark.Figures figures = new WaitingRoomBenchmark(options).measure();
        WaitingRoomBenchmark.print(figures);
        Latencies polls = figures.statuses();
        return List.of(Row.rates(
                STATUS,
                polls.perSecond(),
                figures.raw().perSecond(),
                null,
                String.format(
                        Locale.ROOT,
                        "%d polls answered 200, p99 %.0f ms; the JVM generator on both sides",
                        polls.count("200"),
                        polls.percentileMillis(0.99))));
    }

    private List<Row> holdsAndAllocations() throws Exception {
        HoldsBenchmark.Figures figures = new HoldsBenchmark(options).measure();
        HoldsBenchmark.print(figures);
        List<Row> rows = new ArrayList<>();
        rows.add(Row.rates(
                HOLDS,
                figures.holds().perSecond(),
                figures.raw().perSecond(),
                HOLDS_TARGET,
                String.format(
                        Locale.ROOT,
                        "%d held (201), p99 %.0f ms",
                        figures.holds().count("201"),
                        figures.holds().percentileMillis(0.99))));
        rows.addAll(part(ALLOCATIONS, () -> allocations(figures.eventId())));
        return rows;
    }

    /**
     * Booking's allocations of the holds event, from its own database: the ALLOCATED decisions and their
     * {@code decided_at} (see {@link BookingDatabase.AllocationRate} for why not its Prometheus counter); beside
     * them, the raw loop on as many seats, with the holds run's mix of quantities, its rate read the same way.
     */
    private List<Row> allocations(UUID eventId) throws Exception {
        BookingDatabase database = BookingDatabase.of(options, StackProcesses.read(stateDir));
        BookingDatabase.Decisions booking = database.allocations(eventId);
        int seats = database.capacity(eventId);
        int[] quantities = Arrays.stream(HoldsBenchmark.asks(seats))
                .mapToInt(HoldsBenchmark.Ask::quantity)
                .toArray();
        RawAllocations.Result raw = new RawAllocations(database, seats, dbConnections, quantities).run();
        System.out.println(raw.transactions().report());
        BookingDatabase.AllocationRate allocated = booking.allocated();
        System.out.printf(
                Locale.ROOT,
                "booking: %d of the event's %d decisions ALLOCATED, over %.2f s; raw: %d orders holding %d of %d"
                        + " seats, over %.2f s (database %s)%n",
                allocated.count(),
                booking.all(),
                allocated.measurable() ? allocated.seconds() : 0,
                raw.rate().count(),
                raw.seatsHeld(),
                seats,
                raw.rate().measurable() ? raw.rate().seconds() : 0,
                database.source());
        if (!allocated.measurable()) {
            return List.of(Row.unmeasured(
                    ALLOCATIONS, "booking allocated " + allocated.count() + " orders: too few to make a rate of"));
        }
        return List.of(Row.rates(
                ALLOCATIONS,
                allocated.perSecond(),
                raw.rate().perSecond(),
                null,
                String.format(
                        Locale.ROOT,
                        "%d of booking's %d decisions; raw: %d orders on %d seats, %d connections; each from its rows'"
                                + " now(), first to last",
                        allocated.count(),
                        booking.all(),
                        raw.rate().count(),
                        seats,
                        dbConnections)));
    }

    private List<Row> payments() throws Exception {
        PaymentsBenchmark.Settlement settled = new PaymentsBenchmark(options).run();
        String what = String.format(
                Locale.ROOT,
                "settle time of %d payments / the same at exactly %d TPS",
                settled.accepted(),
                settled.tps());
        if (settled.settleNanos() < 0) {
            return List.of(Row.unmeasured(what, "not every order CONFIRMED within --settle-timeout-seconds"));
        }
        double seconds = settled.settleNanos() / 1e9;
        return List.of(
                Row.times(what, seconds, settled.lowerBoundSeconds(), "first payment sent to every order CONFIRMED"),
                settled.rawSettleNanos() < 0
                        ? Row.unmeasured(SETTLE_RAW, "the raw charges did not all succeed in time")
                        : Row.times(
                                SETTLE_RAW,
                                seconds,
                                settled.rawSettleNanos() / 1e9,
                                settled.rawCharges() + " charges paced at the TPS straight at the sandbox"));
    }

    private List<Row> sale() throws Exception {
        AtomicReference<LiveSale> live = new AtomicReference<>();
        SaleBenchmark.SaleRun sale = new SaleBenchmark(options).measured(live::set);
        List<Row> rows = new ArrayList<>();
        for (CallFigures.Step step : live.get().calls().steps()) {
            Figure p99 = Figure.millis(step.p99Ms());
            // the arrival that joins in the same call, and a join of its own: the target is the join's
            boolean join = step.call().contains("join");
            rows.add(Row.figure(
                    "p99 " + step.call(),
                    p99,
                    join ? Target.under(JOIN_P99_TARGET, p99) : null,
                    String.format(
                            Locale.ROOT,
                            "%d requests, p50 %.0f ms, max %.0f ms",
                            step.requests(),
                            step.p50Ms(),
                            step.maxMs())));
        }
        CallFigures.Totals totals = sale.totals();
        Figure unavailable = Figure.percent(100.0 * totals.unavailable() / Math.max(1, totals.requests()));
        rows.add(Row.figure(
                "sale: requests answered 503",
                unavailable,
                Target.under(UNAVAILABLE_TARGET, unavailable),
                String.format(
                        Locale.ROOT,
                        "%d of %d requests; %d without an answer; %d buyers for %d seats in %.0f s",
                        totals.unavailable(),
                        totals.requests(),
                        totals.unanswered(),
                        sale.buyers(),
                        sale.seats(),
                        sale.seconds())));
        return rows;
    }

    /** Every process of the stack after the load, and their sum as {@code ./onsale up} counts it (no launcher). */
    private List<Row> memory() throws Exception {
        List<StackProcesses.Resident> residents = StackProcesses.read(stateDir).residents();
        if (residents.isEmpty()) {
            return List.of(Row.unmeasured(MEMORY, "no process named in " + stateDir + " is running"));
        }
        List<Row> rows = new ArrayList<>();
        long stackKb = 0;
        for (StackProcesses.Resident resident : residents) {
            String what = "RSS " + resident.name();
            if (resident.kb() < 0) {
                rows.add(Row.unmeasured(what, "no VmRSS in /proc/" + resident.pid() + "/status"));
                continue;
            }
            boolean launcher = resident.name().equals(StackProcesses.LAUNCHER);
            stackKb += launcher ? 0 : resident.kb();
            rows.add(Row.figure(
                    what,
                    Figure.megabytes(resident.kb() / 1024.0),
                    null,
                    "pid " + resident.pid()
                            + (resident.children() > 0
                                    ? " and its " + resident.children() + " children (shared memory counted in each)"
                                    : "")
                            + (launcher ? "; ./onsale up itself, not in the stack's sum" : "")));
        }
        rows.add(Row.figure(
                "RSS of the stack",
                Figure.megabytes(stackKb / 1024.0),
                null,
                "every process above but the launcher, after the load"));
        return rows;
    }
}
