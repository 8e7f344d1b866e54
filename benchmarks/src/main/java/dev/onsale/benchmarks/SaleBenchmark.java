package dev.onsale.benchmarks;

import dev.onsale.benchmarks.TabClient.Answer;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
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
 * Start the stack with the per-address limits raised (one address sends everything).
 *
 * <p>A sale does not open on a cold system: by then its gateway has served the event pages and sessions for
 * hours. So the measured sale is preceded by a warm-up sale on an event of its own ({@code --warm-up-buyers},
 * 1,000, for a sixth as many seats; 0 skips it), whose figures are not reported: it compiles the gateway's and
 * the services' hot paths, and the load generator's own, which would otherwise take the cores the measured
 * arrival needs.
 */
final class SaleBenchmark {

    /** The buyers' payment call, as their figures name it. */
    static final String PAYMENT_CALL = "POST /api/orders/{id}/payments";

    private final String gateway;
    private final int buyers;
    private final int seats;
    private final Duration arrival;
    private final int holdTtlSeconds;
    private final double payShare;
    private final boolean edgeProtocol;
    private final boolean oneCallArrival;
    private final Duration limit;
    private final long seed;
    private final int warmUpBuyers;
    private final GatewayClient admin;
    private final TabClient http;

    private final AtomicBoolean soldOut = new AtomicBoolean();
    private final Endings endings = new Endings();
    private double lastSaleSeconds;
    private GeneratorCpu lastSaleCpu;

    SaleBenchmark(Options options) {
        this.gateway = options.text("gateway", "http://localhost:8080");
        this.buyers = options.number("buyers", 5000);
        this.seats = options.number("seats", 800);
        this.arrival = Duration.ofSeconds(options.number("arrival-seconds", 5));
        this.holdTtlSeconds = options.number("hold-ttl", 20);
        this.payShare = options.number("pay-percent", 70) / 100.0;
        this.edgeProtocol = !"status".equals(options.text("protocol", "edge"));
        this.oneCallArrival = edgeProtocol && !"separate".equals(options.text("arrival", "one-call"));
        this.limit = Duration.ofSeconds(options.number("limit-seconds", 600));
        this.seed = options.number("seed", 1);
        this.warmUpBuyers = options.number("warm-up-buyers", 1000);
        this.http = new TabClient(gateway);
        this.admin = new GatewayClient(
                gateway,
                options.text("admin-token", System.getenv().getOrDefault("ONSALE_ADMIN_TOKEN", "local-admin-token")));
    }

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
        this.limit = Duration.ofSeconds(120);
        this.seed = measured.seed + 1;
        this.warmUpBuyers = 0;
        this.http = measured.http.forAnotherSale();
        this.admin = measured.admin;
    }

    /** What a measured sale left: its event, how long it took, its requests' totals, how buyers ended, its settings. */
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
            int arrivalSeconds) {}

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
                (int) arrival.toSeconds());
    }

    /** One whole sale on a new event named {@code name}, handed to {@code watcher} once it exists; returns it. */
    private UUID sale(String name, Consumer<LiveSale> watcher) throws Exception {
        UUID eventId = admin.createOpenEvent(
                name,
                holdTtlSeconds,
                "\"generalAdmission\": {\"quantity\": %d, \"priceCents\": 3000}".formatted(seats));
        admin.awaitQueueKnows(eventId, admin.newSession());
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
        watcher.accept(new LiveSale(eventId, buyers, http.figures(), endings));
        Random random = new Random(seed);
        long[] arrivals = new long[buyers];
        for (int i = 0; i < buyers; i++) {
            arrivals[i] = (long) (random.nextDouble() * arrival.toNanos());
        }
        long began = System.nanoTime();
        long deadline = began + limit.toNanos();
        GeneratorCpu cpu = GeneratorCpu.start();
        try (ExecutorService tabs = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < buyers; i++) {
                long at = began + arrivals[i];
                boolean pays = random.nextDouble() < payShare;
                long tabSeed = random.nextLong();
                tabs.submit(() -> {
                    try {
                        Pacer.sleepUntil(at);
                        try (TabClient.Tab tab = http.open()) {
                            endings.add(buyer(tab, eventId, pays, new Random(tabSeed), deadline));
                        }
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

    /** One tab, from arrival to a paid seat, a walk-away, or sold out; returns how it ended. */
    private String buyer(TabClient.Tab tab, UUID eventId, boolean pays, Random random, long deadline)
            throws InterruptedException {
        String queue = "/api/queue/" + eventId;
        Answer session = oneCallArrival
                ? tab.call(
                        "POST /api/sessions + join",
                        http.post("/api/sessions", null, null, null, "{\"eventId\": \"" + eventId + "\"}"))
                : tab.call("POST /api/sessions", http.post("/api/sessions", null, null, null, "{}"));
        if (session.status() != 201) {
            return "no session: " + session.status();
        }
        String token = session.body().path("sessionToken").asString();
        // the arrival's join, answered with the session: handled as a join's answer
        Answer arrived =
                oneCallArrival ? new Answer(200, session.body().path("queue"), session.retryAfter(), null) : null;
        String admission = null;
        Long place = null;
        boolean joined = false;
        String etag = null;
        long servingThrough = 0;
        long pollAfter = 1000;
        while (admission == null) {
            if (soldOut.get()) {
                return "sold out while waiting";
            }
            if (System.nanoTime() > deadline) {
                return "time limit while waiting";
            }
            Answer answer;
            boolean reached = place != null && place <= servingThrough;
            if (arrived != null) {
                answer = arrived;
                arrived = null;
            } else if (!joined) {
                answer = tab.call("POST /api/queue/{e}/join", http.post(queue + "/join", token, null, null, "{}"));
            } else if (!edgeProtocol || reached || place == null && servingThrough > 0) {
                answer = tab.call("GET /api/queue/{e}/status", http.get(queue + "/status", token, null));
            } else {
                answer = tab.call("GET /api/queue/{e}/progress", http.get(queue + "/progress", null, etag));
                if (answer.status() == 200 || answer.status() == 304) {
                    if (answer.status() == 200) {
                        etag = answer.etag();
                        if (answer.body().path("soldOut").asBoolean()) {
                            return "sold out (progress)";
                        }
                        servingThrough = Math.max(
                                servingThrough,
                                answer.body().path("servingThrough").asLong());
                        if (place == null && answer.body().path("opened").asBoolean()) {
                            servingThrough = Math.max(servingThrough, 1);
                        }
                        pollAfter = answer.body().path("pollAfterMs").asLong(1000);
                    }
                    long position = place == null ? 0 : Math.max(0, place - servingThrough);
                    double rate = answer.status() == 200
                            ? answer.body().path("admitPerSecond").asDouble(200)
                            : 200;
                    double waitMs = rate > 0 ? position / rate * 1000 : 0;
                    // as the waiting page: no sooner than pollAfterMs (within the event's read budget), a quarter of a
                    // long wait, but at the moment its place comes when that is sooner
                    long soonest = Math.min(60_000, pollAfter);
                    double delay =
                            waitMs < soonest ? Math.max(1000, waitMs) : Math.max(soonest, Math.min(15_000, waitMs / 4));
                    long next = position == 0 ? 0 : (long) (delay * (1 + 0.2 * random.nextDouble()));
                    Thread.sleep(next);
                    continue;
                }
            }
            if (answer.status() == 200) {
                joined = true;
                String status = answer.body().path("status").asString();
                switch (status) {
                    case "ADMITTED" ->
                        admission = answer.body().path("admissionToken").asString();
                    case "SOLD_OUT" -> {
                        return "sold out (status)";
                    }
                    case "WAITING" -> place = answer.body().path("place").asLong();
                    default -> {}
                }
                pollAfter = answer.body().path("pollAfterMs").asLong(1000);
                if (admission == null) {
                    Thread.sleep(pollAfter);
                }
            } else if (answer.status() == 404 && joined) {
                joined = false;
                place = null;
            } else {
                Thread.sleep(answer.retryAfterSeconds() * 1000 * (1 + random.nextInt(3)));
            }
        }
        return holdAndPay(tab, eventId, token, admission, pays, random, deadline);
    }

    private String holdAndPay(
            TabClient.Tab tab, UUID eventId, String token, String admission, boolean pays, Random random, long deadline)
            throws InterruptedException {
        String key = UUID.randomUUID().toString();
        while (!soldOut.get() && System.nanoTime() < deadline) {
            Answer hold = tab.call(
                    "POST /api/events/{e}/holds",
                    http.post("/api/events/" + eventId + "/holds", token, admission, key, "{\"quantity\": 1}"));
            if (hold.status() == 201) {
                if (!pays) {
                    return "held and walked away";
                }
                String order = hold.body().path("orderId").asString();
                Answer payment = tab.call(
                        PAYMENT_CALL,
                        http.post(
                                "/api/orders/" + order + "/payments",
                                token,
                                null,
                                UUID.randomUUID().toString(),
                                "{\"paymentMethod\": \"tok_visa\"}"));
                if (payment.status() != 202) {
                    key = UUID.randomUUID().toString();
                    continue;
                }
                while (System.nanoTime() < deadline) {
                    Thread.sleep(1000);
                    Answer read = tab.call("GET /api/orders/{id}", http.get("/api/orders/" + order, token, null));
                    String status =
                            read.status() == 200 ? read.body().path("status").asString() : "";
                    if (status.equals("CONFIRMED")) {
                        return "paid";
                    }
                    if (List.of("EXPIRED", "PAYMENT_FAILED", "CANCELLED", "REFUNDED")
                            .contains(status)) {
                        break;
                    }
                }
                key = UUID.randomUUID().toString();
            } else if (refusedSoldOut(hold) && hold.retryAfter().isEmpty()) {
                // sold out for good: nothing held can come back
                return "sold out (hold)";
            } else if (refusedSoldOut(hold)) {
                // every seat held right now: some may come back; as a page would, ask again after Retry-After,
                // spread over half as long again so that the crowd does not ask in step
                long wait = hold.retryAfterSeconds() * 1000;
                Thread.sleep(wait + random.nextLong(wait / 2 + 1));
                key = UUID.randomUUID().toString();
            } else if (hold.status() == 409 || hold.status() == 422) {
                Thread.sleep(3000 + random.nextInt(2000));
                key = UUID.randomUUID().toString();
            } else if (hold.status() == 403) {
                return "admission refused";
            } else {
                Thread.sleep(hold.retryAfterSeconds() * 1000);
            }
        }
        return soldOut.get() ? "sold out while holding" : "time limit while holding";
    }

    private static boolean refusedSoldOut(Answer hold) {
        return hold.status() == 409
                && "/problems/sold-out".equals(hold.body().path("type").asString());
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
        System.out.println(lastSaleCpu.report());
        return totals;
    }
}
