package dev.onsale.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Settling {@code --payments} payments with the payment sandbox at {@code --tps} and {@code --timeout-share}
 * (its other settings as found). Through the gateway, as buyers pay: a general-admission event with one seat per
 * buyer, sessions, the waiting room, one hold each (paced, so that every hold succeeds: this measures payments,
 * not holds), then every payment at once ({@code tok_visa}, a fresh Idempotency-Key each) and each order polled
 * until CONFIRMED. Settle time runs from the first payment request sent to the last order seen CONFIRMED, against
 * the lower bound {@code payments / tps}. Checked at the sandbox: per-second traffic, 429s, one charge per order.
 * Beside it, in the same run, the raw engine ({@link RawCharges}): the same number of charges sent straight to the
 * sandbox by this bench, paced at exactly its TPS, timed until all show SUCCEEDED in its ledger. The raw phase runs
 * first, so nothing of the system's payments shares the merchant's TPS bucket with it; the sandbox is reset before
 * each phase (which restores its start settings, so the load settings are applied again) and left with the settings
 * it was found with.
 */
final class PaymentsBenchmark {

    private static final long PRICE_CENTS = 3000;
    private static final String CURRENCY = "EUR";
    private static final String CARD = "tok_visa";
    /** How many times a buyer asks for its seat (a 429 or 503 is retried) before the hold counts as failed. */
    private static final int HOLD_ATTEMPTS = 5;

    private final int payments;
    private final int tps;
    private final double timeoutShare;
    private final int holdsPerSecond;
    private final Duration poll;
    private final Duration settleTimeout;
    /** payment-service's Prometheus endpoint; empty to skip. */
    private final String paymentMetrics;

    private final GatewayClient client;
    private final SandboxClient sandbox;

    PaymentsBenchmark(Options options) {
        this.payments = options.number("payments", 800);
        this.tps = options.number("tps", 50);
        this.timeoutShare = options.decimal("timeout-share", 0.05);
        this.holdsPerSecond = options.number("holds-per-second", 100);
        this.poll = Duration.ofMillis(options.number("poll-ms", 100));
        this.settleTimeout = Duration.ofSeconds(options.number("settle-timeout-seconds", 300));
        this.paymentMetrics = options.text("payment-metrics", "http://127.0.0.1:18084/actuator/prometheus");
        this.client = new GatewayClient(
                options.text("gateway", "http://localhost:8080"),
                options.text("admin-token", System.getenv().getOrDefault("ONSALE_ADMIN_TOKEN", "local-admin-token")));
        this.sandbox = new SandboxClient(
                options.text("sandbox", "http://localhost:8090"),
                options.text(
                        "merchant-key", System.getenv().getOrDefault("ONSALE_PAYMENT_PROVIDER_KEY", "sk_test_local")));
    }

    /**
     * What a run settled: {@code accepted} payments (answered 202) at the sandbox's {@code tps}, every order
     * CONFIRMED {@code settleNanos} after the first was sent (-1: not all within the timeout), and the raw engine's
     * {@code rawCharges} charges all SUCCEEDED {@code rawSettleNanos} after its first (-1: not in time).
     */
    record Settlement(int accepted, int tps, long settleNanos, int rawCharges, long rawSettleNanos) {

        /** The lower bound of the settle time: every accepted payment at exactly the provider's TPS. */
        double lowerBoundSeconds() {
            return (double) accepted / tps;
        }
    }

    /** Runs the raw engine, then the system's holds and payments; prints both and returns what they settled. */
    Settlement run() throws Exception {
        JsonNode found = sandbox.settings();
        ObjectNode load = SandboxClient.withLoad(found, tps, timeoutShare);
        System.out.printf(
                "payments: %d orders; sandbox at %d TPS with %.1f%% timeouts, its other settings as found: %s; %d cores%n",
                payments, tps, timeoutShare * 100, load, Runtime.getRuntime().availableProcessors());
        try {
            RawCharges.Result raw =
                    new RawCharges(sandbox, payments, tps, settleTimeout).run(load, PRICE_CENTS, CURRENCY, CARD);
            Held held = hold();
            Paid paid = pay(held, load);
            report(held, paid, raw);
            return new Settlement(
                    paid.accepted(),
                    tps,
                    paid.unsettled().isEmpty() ? paid.settleNanos() : -1,
                    payments,
                    raw.settleNanos());
        } finally {
            sandbox.putSettings(found);
        }
    }

    /** The system's phases before paying, and the orders they left: buyer {@code k} holds {@code orders[k]}. */
    private record Held(UUID eventId, List<Latencies> phases, String[] sessions, UUID[] orders, int retried) {}

    /** The system's payments: answers, when the last one settled, each order's final status, what the sandbox saw. */
    private record Paid(
            int orders,
            int accepted,
            Latencies answers,
            Latencies finalReads,
            long settleNanos,
            List<String> unsettled,
            Map<String, Integer> unsettledStatuses,
            SandboxTraffic traffic,
            SandboxLedger ledger) {}

    private Held hold() throws Exception {
        UUID eventId = client.createOpenEvent(
                "Payments benchmark",
                600,
                "\"generalAdmission\": {\"quantity\": %d, \"priceCents\": %d}".formatted(payments, PRICE_CENTS));
        System.out.printf(
                "event %s: %d seats, %d buyers; holds paced at %d/s%n", eventId, payments, payments, holdsPerSecond);
        Crowd crowd = new Crowd(client, payments);
        Latencies created = crowd.createSessions();
        Latencies admitted = crowd.admit(eventId);
        int[] ready = crowd.admitted();
        UUID[] orders = new UUID[ready.length];
        AtomicInteger retried = new AtomicInteger();
        Latencies holds = Phase.paced(
                "POST /api/events/{e}/holds (paced)",
                ready.length,
                holdsPerSecond,
                n -> hold(eventId, crowd, ready[n], orders, n, retried));
        int[] holding =
                IntStream.range(0, ready.length).filter(n -> orders[n] != null).toArray();
        if (holding.length == 0) {
            throw new IllegalStateException("no buyer holds a seat: " + holds.report());
        }
        if (holding.length < payments) {
            System.out.printf(
                    "only %d of %d buyers hold a seat; the payments phase uses those%n", holding.length, payments);
        }
        return new Held(
                eventId,
                List.of(created, admitted, holds),
                Arrays.stream(holding).mapToObj(n -> crowd.session(ready[n])).toArray(String[]::new),
                Arrays.stream(holding).mapToObj(n -> orders[n]).toArray(UUID[]::new),
                retried.get());
    }

    /** One seat for buyer {@code buyer}, retried after a 429 or 503 (nothing held) with the same Idempotency-Key. */
    private String hold(UUID eventId, Crowd crowd, int buyer, UUID[] orders, int n, AtomicInteger retried)
            throws Exception {
        String key = UUID.randomUUID().toString();
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response = client.send(client.post(
                    "/api/events/" + eventId + "/holds",
                    crowd.session(buyer),
                    crowd.admission(buyer),
                    key,
                    "{\"quantity\":1}"));
            if (response.statusCode() == 201) {
                orders[n] = UUID.fromString(client.json(response).get("orderId").asString());
                return "201";
            }
            if ((response.statusCode() != 429 && response.statusCode() != 503) || attempt == HOLD_ATTEMPTS) {
                return client.outcome(response);
            }
            retried.incrementAndGet();
            Thread.sleep(Duration.ofSeconds(GatewayClient.retryAfterSeconds(response)));
        }
    }

    /**
     * Every order paid at once. Settled = the event's availability shows no live hold and no seat left (every order
     * CONFIRMED and its hold converted), polled every {@code poll}: one cheap read for the whole event, so the
     * watching adds no load worth the name (polling 800 orders would). Then each order's final status is read once.
     */
    private Paid pay(Held held, ObjectNode load) throws Exception {
        sandbox.reset();
        sandbox.putSettings(load);
        int n = held.orders().length;
        boolean[] accepted = new boolean[n];
        String[] status = new String[n];
        long deadline = System.nanoTime() + settleTimeout.toNanos();
        System.out.printf(
                "paying %d orders at once; the event's availability polled every %d ms until all are"
                        + " CONFIRMED (at most %d s)%n",
                n, poll.toMillis(), settleTimeout.toSeconds());
        long firstSent = System.nanoTime();
        Latencies answers;
        long settledAt;
        try (ExecutorService watcher = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Long> allConfirmed = watcher.submit(() -> awaitAllConfirmed(held.eventId(), deadline));
            answers = Phase.run("POST /api/orders/{o}/payments", n, i -> {
                HttpResponse<String> response = client.send(client.post(
                        "/api/orders/" + held.orders()[i] + "/payments",
                        held.sessions()[i],
                        null,
                        UUID.randomUUID().toString(),
                        "{\"paymentMethod\":\"" + CARD + "\"}"));
                String outcome = client.outcome(response);
                status[i] = "payment answered " + outcome;
                accepted[i] = response.statusCode() == 202;
                return outcome;
            });
            settledAt = allConfirmed.get();
        }
        Latencies finalReads = Phase.run("GET /api/orders/{o} (final status)", n, i -> {
            if (!accepted[i]) {
                return "not paid";
            }
            HttpResponse<String> response =
                    client.send(client.get("/api/orders/" + held.orders()[i], held.sessions()[i]));
            status[i] = response.statusCode() == 200
                    ? client.json(response).path("status").asString("")
                    : "GET answered " + client.outcome(response);
            return status[i];
        });
        List<String> unsettled = new ArrayList<>();
        Map<String, Integer> unsettledStatuses = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            if (!"CONFIRMED".equals(status[i])) {
                unsettled.add(held.orders()[i] + " " + status[i]);
                unsettledStatuses.merge(status[i], 1, Integer::sum);
            }
        }
        List<UUID> paidOrders = IntStream.range(0, n)
                .filter(i -> accepted[i])
                .mapToObj(i -> held.orders()[i])
                .toList();
        return new Paid(
                n,
                paidOrders.size(),
                answers,
                finalReads,
                settledAt < 0 ? -1 : settledAt - firstSent,
                unsettled,
                unsettledStatuses,
                sandbox.traffic(),
                SandboxLedger.of(sandbox.ledger(), Set.copyOf(paidOrders)));
    }

    /** When the event first showed nothing available and no live hold (nano time), or -1 at {@code deadline}. */
    private long awaitAllConfirmed(UUID eventId, long deadline) throws InterruptedException {
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> response =
                        client.send(client.get("/api/events/" + eventId + "/availability", null));
                if (response.statusCode() == 200) {
                    JsonNode availability = client.json(response);
                    if (availability.path("available").asInt(-1) == 0
                            && availability.path("liveHolds").asInt(-1) == 0) {
                        return System.nanoTime();
                    }
                }
            } catch (IOException e) {
                // the next poll tries again
            }
            Thread.sleep(poll);
        }
        return -1;
    }

    private void report(Held held, Paid paid, RawCharges.Result raw) throws InterruptedException {
        held.phases().forEach(phase -> System.out.println(phase.report()));
        if (held.retried() > 0) {
            System.out.printf("holds retried after a 429 or 503: %d%n", held.retried());
        }
        System.out.println(paid.answers().report());
        System.out.println(paid.finalReads().report());
        System.out.println(raw.answers().report());

        int accepted = paid.accepted();
        double lowerBound = (double) accepted / tps;
        double settle = paid.settleNanos() / 1e9;
        System.out.printf("payments answered 202: %d of %d%n", accepted, paid.orders());
        if (paid.unsettled().isEmpty() && paid.settleNanos() >= 0) {
            System.out.printf(
                    "settle time %.2f s for %d payments (first payment sent -> every order CONFIRMED, seen on the"
                            + " event's availability); "
                            + "lower bound %d / %d TPS = %.2f s; settle / lower bound = %.3f%n",
                    settle, accepted, accepted, tps, lowerBound, settle / lowerBound);
        } else {
            System.out.printf(
                    "NOT all orders confirmed within %d s: %d of %d are not CONFIRMED %s (lower bound %.2f s)%n",
                    settleTimeout.toSeconds(),
                    paid.unsettled().size(),
                    paid.orders(),
                    paid.unsettledStatuses(),
                    lowerBound);
            paid.unsettled().stream().limit(20).forEach(line -> System.out.println("  " + line));
            if (paid.unsettled().size() > 20) {
                System.out.printf("  ... and %d more%n", paid.unsettled().size() - 20);
            }
        }
        System.out.println("sandbox traffic, system: " + paid.traffic().report(tps));
        System.out.println("sandbox ledger, system:  " + paid.ledger().report(accepted));
        if (raw.settleNanos() < 0) {
            System.out.printf(
                    "raw engine: NOT all %d charges SUCCEEDED within %d s: %s%n",
                    payments, settleTimeout.toSeconds(), raw.ledger().report(payments));
        } else {
            double rawSeconds = raw.settleNanos() / 1e9;
            System.out.printf(
                    "raw engine: %d charges paced at %d/s straight at the sandbox, all SUCCEEDED in its ledger %.2f s "
                            + "after the first was sent (lower bound %.2f s)%n",
                    payments, tps, rawSeconds, (double) payments / tps);
            System.out.printf(
                    "settle time through the system / raw engine: %.3f (%.2f s for %d payments vs %.2f s for %d charges)%n",
                    settle / rawSeconds, settle, accepted, rawSeconds, payments);
        }
        System.out.println("sandbox traffic, raw:    " + raw.traffic().report(tps));
        System.out.println("sandbox ledger, raw:     " + raw.ledger().report(payments));
        printPaymentMetrics();
    }

    /** payment-service's own view: its {@code onsale_payments*} series, if it exposes them. */
    private void printPaymentMetrics() throws InterruptedException {
        if (paymentMetrics.isBlank()) {
            return;
        }
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(paymentMetrics))
                    .timeout(GatewayClient.TIMEOUT)
                    .GET()
                    .build());
            List<String> lines = response.statusCode() == 200 ? paymentSeries(response.body()) : List.of();
            if (response.statusCode() != 200) {
                System.out.printf("payment-service metrics: %s answered %d%n", paymentMetrics, response.statusCode());
            } else if (lines.isEmpty()) {
                System.out.printf("payment-service metrics: no onsale_payments series at %s%n", paymentMetrics);
            } else {
                System.out.printf("payment-service metrics (%s):%n", paymentMetrics);
                lines.forEach(line -> System.out.println("  " + line));
            }
        } catch (IOException e) {
            System.out.printf(
                    "payment-service metrics: %s not reachable (%s)%n",
                    paymentMetrics, e.getClass().getSimpleName());
        }
    }

    /** The samples of a Prometheus text exposition whose metric name starts with {@code onsale_payments}. */
    static List<String> paymentSeries(String exposition) {
        return exposition
                .lines()
                .filter(line -> line.startsWith("onsale_payments"))
                .toList();
    }
}
