package dev.onsale.benchmarks;

import dev.onsale.benchmarks.TabClient.Answer;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The seed's scenario through the gateway, every buyer a browser tab following the waiting page's protocol: 5,000
 * buyers arrive within 5 s for 800 seats; each creates a session that joins in the same call (or, with
 * {@code --arrival=separate}, a session and then a join), reads the public progress document (or,
 * with {@code --protocol=status}, polls its status as the page did before the edge protocol), asks its status when
 * its place is reached, holds a seat, and pays (seven in ten) or walks away, whose hold then expires and sells
 * again. Prints every call's answers and latencies, the share of 503s, the requests with no answer within 30 s, what
 * was sold, and the CPU the load generator itself took. Each tab keeps a connection of its own ({@link TabClient}).
 * Start the stack with the per-address limits raised (one address sends everything). Shares of the buyers may behave
 * otherwise ({@link BuyerMix}: declined cards, double-clicks, five tabs, hammering, bots; none unless asked), and
 * what they did is kept for an audit ({@link Conduct}).
 *
 * <p>A sale does not open on a cold system: by then its gateway has served the event pages and sessions for
 * hours. So the measured sale is preceded by a warm-up sale on an event of its own ({@code --warm-up-buyers},
 * 1,000, for a sixth as many seats; 0 skips it), whose figures are not reported: it compiles the gateway's and
 * the services' hot paths, and the load generator's own, which would otherwise take the cores the measured
 * arrival needs.
 */
final class SaleBenchmark {

    /** The buyers' payment call, as their figures name it. */
    static final String PAYMENT_CALL = Checkout.PAYMENT_CALL;

    /** Drawn apart from the arrivals and payments, so that a seed's sale of plain buyers stays what it was. */
    private static final long BEHAVIOUR_STREAM = 0x5eed_b0b5L;

    /** The helpers one sale's buyers share. */
    private record Buyers(WaitingPage page, Checkout checkout, FiveTabs tabs, Bot bot) {}

    private final String gateway;
    private final int buyers;
    private final int seats;
    private final Duration arrival;
    private final int holdTtlSeconds;
    private final double payShare;
    private final boolean edgeProtocol;
    private final boolean oneCallArrival;
    private final boolean cdnEdge;
    private final int maxActiveBuyers;
    private final int maxAdmitPerSecond;
    private final Duration limit;
    private final long seed;
    private final int warmUpBuyers;
    private final BuyerMix mix;
    private final GatewayClient admin;
    private final TabClient http;

    private final AtomicBoolean soldOut = new AtomicBoolean();
    private final Endings endings = new Endings();
    private final Conduct conduct = new Conduct();
    private int payers;
    private double lastSaleSeconds;
    private GeneratorCpu lastSaleCpu;
    private Edge lastEdge;

    SaleBenchmark(Options options) {
        this.gateway = options.text("gateway", "http://localhost:8080");
        this.buyers = options.number("buyers", 5000);
        this.seats = options.number("seats", 800);
        this.arrival = Duration.ofSeconds(options.number("arrival-seconds", 5));
        this.holdTtlSeconds = options.number("hold-ttl", 20);
        this.payShare = options.number("pay-percent", 70) / 100.0;
        this.edgeProtocol = !"status".equals(options.text("protocol", "edge"));
        this.oneCallArrival = edgeProtocol && !"separate".equals(options.text("arrival", "one-call"));
        this.cdnEdge =
                edgeProtocol && Edge.named(options.text("edge", buyers > RELEASE_IDLE_ABOVE_BUYERS ? "cdn" : "none"));
        this.maxActiveBuyers = options.number("max-active-buyers", 0);
        this.maxAdmitPerSecond = options.number("max-admit-per-second", 0);
        if ((maxActiveBuyers > 0) != (maxAdmitPerSecond > 0)) {
            throw new IllegalArgumentException(
                    "--max-active-buyers and --max-admit-per-second are set together, as the operator's PUT sets both");
        }
        this.limit = Duration.ofSeconds(options.number("limit-seconds", 600));
        this.seed = options.number("seed", 1);
        this.warmUpBuyers = options.number("warm-up-buyers", 1000);
        this.mix = BuyerMix.of(options);
        // beyond what one process may hold open, waiting tabs let their connections go (see TabClient.releasingIdle)
        int releaseIdleMs = options.number("release-idle-ms", buyers > RELEASE_IDLE_ABOVE_BUYERS ? 1000 : 0);
        TabClient tabs = new TabClient(gateway).releasingIdle(Duration.ofMillis(releaseIdleMs));
        int maxConnections =
                options.number("max-connections", buyers > RELEASE_IDLE_ABOVE_BUYERS ? CROWD_CONNECTIONS : 0);
        this.http = maxConnections > 0 ? tabs.holdingAtMost(maxConnections) : tabs;
        this.admin = new GatewayClient(
                gateway,
                options.text("admin-token", System.getenv().getOrDefault("ONSALE_ADMIN_TOKEN", "local-admin-token")));
    }

    /**
     * Crowds larger than this have their waiting tabs let their connections go (--release-idle-ms, 1 s), and hold
     * at most {@link #CROWD_CONNECTIONS} at once (--max-connections).
     */
    static final int RELEASE_IDLE_ABOVE_BUYERS = 10_000;

    /**
     * The connections a large crowd's tabs hold at once: well within the 20,000 open files this machine allows the
     * load generator and the gateway each, with room for the gateway's own connections to the services and engines.
     */
    static final int CROWD_CONNECTIONS = 8_000;

    /** A warm-up sale of {@code buyers} on the clients and settings of {@code measured}. */
    private SaleBenchmark(SaleBenchmark measured, int buyers) {
        this.gateway = measured.gateway;
        this.buyers = buyers;
        this.seats = Math.max(1, buyers / 6);
        this.arrival = measured.arrival;
        this.holdTtlSeconds = measured.holdTtlSeconds;
        this.payShare = measured.payShare;
        this.edgeProtocol = measured.edgeProtocol;
        this.oneCallArrival = measured.oneCallArrival;
        this.cdnEdge = measured.cdnEdge;
        this.maxActiveBuyers = measured.maxActiveBuyers;
        this.maxAdmitPerSecond = measured.maxAdmitPerSecond;
        this.limit = Duration.ofSeconds(120);
        this.seed = measured.seed + 1;
        this.warmUpBuyers = 0;
        this.mix = BuyerMix.NONE;
        this.http = measured.http.forAnotherSale();
        this.admin = measured.admin;
    }

    /**
     * What a measured sale left: its event, how long it took, its requests' totals, how buyers ended, its settings,
     * its buyers' mix of behaviours, how many of them meant to pay, what they did ({@link Conduct}), and what the
     * stand-in CDN answered of their progress reads (null: none stood in front, every read went to the gateway).
     */
    record SaleRun(
            UUID eventId,
            double seconds,
            CallFigures.Totals totals,
            Map<String, Integer> endings,
            boolean soldOut,
            int buyers,
            int seats,
            int holdTtlSeconds,
            double payShare,
            int arrivalSeconds,
            BuyerMix mix,
            int payers,
            Conduct.Snapshot conduct,
            Edge.Figures edge) {}

    void run() throws Exception {
        measured(sale -> {});
    }

    /**
     * The warm-up sale (when asked for), then the measured one, printed; returns what the measured one left.
     * {@code watcher} is handed the measured sale once its event exists, before its first buyer arrives.
     */
    SaleRun measured(Consumer<LiveSale> watcher) throws Exception {
        if (warmUpBuyers > 0) {
            SaleBenchmark warmUp = new SaleBenchmark(this, warmUpBuyers);
            long began = System.nanoTime();
            warmUp.sale("Sale benchmark warm-up", sale -> {});
            System.out.printf(
                    "warm-up: %d buyers for %d seats in %.1f s (%s); not reported%n",
                    warmUp.buyers, warmUp.seats, (System.nanoTime() - began) / 1e9, warmUp.endings.snapshot());
            Thread.sleep(5_000);
        }
        UUID eventId = sale("Sale benchmark", watcher);
        CallFigures.Totals totals = report(eventId, lastSaleSeconds);
        return new SaleRun(
                eventId,
                lastSaleSeconds,
                totals,
                endings.snapshot(),
                soldOut.get(),
                buyers,
                seats,
                holdTtlSeconds,
                payShare,
                (int) arrival.toSeconds(),
                mix,
                payers,
                conduct.snapshot(),
                lastEdge == null ? null : lastEdge.figures());
    }

    /** One whole sale on a new event named {@code name}, handed to {@code watcher} once it exists; returns it. */
    private UUID sale(String name, Consumer<LiveSale> watcher) throws Exception {
        UUID eventId = admin.createOpenEvent(
                name,
                holdTtlSeconds,
                "\"generalAdmission\": {\"quantity\": %d, \"priceCents\": 3000}".formatted(seats));
        admin.awaitQueueKnows(eventId, admin.newSession());
        if (maxAdmitPerSecond > 0) {
            admin.admitAtMost(eventId, maxActiveBuyers, maxAdmitPerSecond);
            System.out.printf(
                    "admission: at most %d active buyers, %d admitted a second, set as the operator would%n",
                    maxActiveBuyers, maxAdmitPerSecond);
        }
        System.out.printf(
                "event %s: %d buyers arriving within %d s for %d seats, hold TTL %d s, %.0f%% pay; %s protocol, %s%n",
                eventId,
                buyers,
                arrival.toSeconds(),
                seats,
                holdTtlSeconds,
                payShare * 100,
                edgeProtocol ? "the waiting page's edge" : "the status-polling",
                oneCallArrival ? "arriving in one call (session and join)" : "a session, then a join");
        if (cdnEdge) {
            System.out.println("progress reads: through a CDN stood in for in the load generator (--edge=cdn)");
        }
        System.out.println("buyers' behaviours: " + mix.describe());
        watcher.accept(new LiveSale(eventId, buyers, http.figures(), endings));
        Random random = new Random(seed);
        long[] arrivals = new long[buyers];
        for (int i = 0; i < buyers; i++) {
            arrivals[i] = (long) (random.nextDouble() * arrival.toNanos());
        }
        Random behaviours = new Random(seed ^ BEHAVIOUR_STREAM);
        long began = System.nanoTime();
        long deadline = began + limit.toNanos();
        Edge edge = cdnEdge ? new Edge(http, "/api/queue/" + eventId + "/progress") : null;
        lastEdge = edge;
        WaitingPage page = new WaitingPage(http, eventId, edgeProtocol, oneCallArrival, soldOut, deadline, edge);
        Checkout checkout = new Checkout(http, eventId, soldOut, deadline, conduct);
        Buyers sale = new Buyers(
                page,
                checkout,
                new FiveTabs(http, eventId, page, checkout, conduct, deadline),
                new Bot(http, eventId, conduct, soldOut, deadline));
        GeneratorCpu cpu = GeneratorCpu.start();
        try (ExecutorService tabs = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < buyers; i++) {
                long at = began + arrivals[i];
                boolean pays = random.nextDouble() < payShare;
                long tabSeed = random.nextLong();
                Behaviour behaviour = mix.draw(behaviours);
                payers += behaviour != Behaviour.BOT && (pays || behaviour.alwaysPays()) ? 1 : 0;
                tabs.submit(() -> {
                    try {
                        Pacer.sleepUntil(at);
                        endings.add(buyer(behaviour, pays, new Random(tabSeed), sale));
                    } catch (InterruptedException e) {
                        endings.add("interrupted");
                    } catch (RuntimeException e) {
                        endings.add("failed: " + e);
                    }
                });
            }
            Thread availability = Thread.ofVirtual().start(() -> watchAvailability(eventId, deadline));
            tabs.shutdown();
            tabs.awaitTermination(limit.toSeconds() + 60, TimeUnit.SECONDS);
            availability.interrupt();
        }
        lastSaleSeconds = (System.nanoTime() - began) / 1e9;
        lastSaleCpu = cpu;
        return eventId;
    }

    /** One buyer, behaving as drawn, from arrival to a paid seat, a walk-away, sold out, or refused; how it ended. */
    private String buyer(Behaviour behaviour, boolean pays, Random random, Buyers sale) throws InterruptedException {
        return switch (behaviour) {
            case BOT -> {
                try (TabClient.Tab tab = http.open()) {
                    yield sale.bot().run(tab, random);
                }
            }
            case TABS -> sale.tabs().run(pays, random);
            case HAMMER -> {
                long[] answers = new long[3]; // requests, 429s, none
                List<Long> serverErrorsAt = new ArrayList<>();
                String ending;
                try (TabClient.Tab tab = http.open(status -> {
                    answers[0]++;
                    answers[1] += status == 429 ? 1 : 0;
                    answers[2] += status == 0 ? 1 : 0;
                    if (status >= 500) {
                        serverErrorsAt.add(System.nanoTime());
                    }
                })) {
                    ending = singleTab(tab, behaviour, pays, random, sale);
                }
                conduct.hammered(new Conduct.Hammering(answers[0], answers[1], serverErrorsAt, answers[2], ending));
                yield ending;
            }
            default -> {
                try (TabClient.Tab tab = http.open()) {
                    yield singleTab(tab, behaviour, pays, random, sale);
                }
            }
        };
    }

    /** A buyer on one tab: the waiting page, then the checkout. */
    private String singleTab(TabClient.Tab tab, Behaviour behaviour, boolean pays, Random random, Buyers sale)
            throws InterruptedException {
        TabLog log = new TabLog();
        WaitingPage.Arrival arrival = sale.page().arrive(tab, log, random);
        if (arrival.ending() != null) {
            return arrival.ending();
        }
        WaitingPage.Wait wait =
                sale.page().await(tab, arrival.session(), arrival.joined(), random, behaviour == Behaviour.HAMMER, log);
        conduct.arrived(log);
        if (wait.admission() == null) {
            return wait.ending();
        }
        conduct.leak(wait.admission());
        return sale.checkout()
                .holdAndPay(
                        tab,
                        arrival.session(),
                        wait.admission(),
                        Checkout.Plan.of(behaviour, pays),
                        random,
                        null,
                        behaviour);
    }

    /** Sold out for good, as a page would learn it from the availability; every tab stops then. */
    private void watchAvailability(UUID eventId, long deadline) {
        try (TabClient.Tab tab = http.open()) {
            while (!soldOut.get() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    return;
                }
                Answer availability = tab.call(
                        "GET availability (watcher)", http.get("/api/events/" + eventId + "/availability", null, null));
                if (availability.status() == 200
                        && availability.body().path("soldOut").asBoolean()) {
                    soldOut.set(true);
                }
            }
        }
    }

    private CallFigures.Totals report(UUID eventId, double seconds) throws IOException, InterruptedException {
        CallFigures.Totals totals = http.figures().print();
        HttpResponse<String> dashboard = admin.send(admin.adminGet("/admin/events/" + eventId + "/dashboard"));
        JsonNode board = admin.json(dashboard);
        System.out.printf(
                "%d requests in %.1f s; 503: %d (%.2f%%); no answer or no connection: %d%n",
                totals.requests(),
                seconds,
                totals.unavailable(),
                100.0 * totals.unavailable() / Math.max(1, totals.requests()),
                totals.unanswered());
        System.out.printf(
                "sold %d of %d seats (%s); sold out for good: %s%nhow the %d buyers ended: %s%n",
                board.path("seats").path("sold").asLong(),
                seats,
                board.path("seats"),
                soldOut.get(),
                buyers,
                endings.snapshot());
        if (lastEdge != null) {
            System.out.println(lastEdge.figures().describe() + "; only those fetches are among the requests above");
        }
        System.out.println(lastSaleCpu.report());
        return totals;
    }
}
