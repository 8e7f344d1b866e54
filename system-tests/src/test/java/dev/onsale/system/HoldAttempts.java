package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.system.SaleFixture.Buyer;
import dev.onsale.testing.TestHttp;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import tools.jackson.databind.JsonNode;

/**
 * Hold attempts through the gateway, timed and kept with their Idempotency-Key: one at a time, thousands released
 * at once, the 503s retried with the same key; and what they took, printed.
 */
final class HoldAttempts {

    /** One hold attempt: who sent what with which key, the answer (status -1: none) and how long it took. */
    record Attempt(Buyer buyer, String body, String key, int status, JsonNode answer, long nanos) {}

    /** How long an attempt may wait for its answer before it counts as none. */
    private static final Duration ANSWER_WITHIN = Duration.ofSeconds(60);

    private final SaleFixture fixture;
    private final TestHttp gateway;

    HoldAttempts(SaleFixture fixture) {
        this.fixture = fixture;
        this.gateway = fixture.gateway.timeout(ANSWER_WITHIN);
    }

    /**
     * {@code attempts} attempts of as many new buyers, released at once with at most {@code inFlight} connections
     * open: every other one for one of the {@code contested} seats, the rest for one or two seats of any.
     * {@code duringRace} runs on a thread of its own three seconds after the attempts are released.
     */
    List<Attempt> race(UUID eventId, List<String> contested, int attempts, int inFlight, Runnable duringRace)
            throws Exception {
        var buyers = new ArrayList<Buyer>();
        for (int i = 0; i < attempts; i++) {
            buyers.add(fixture.newBuyer());
        }
        var start = new CountDownLatch(1);
        // taken before an attempt's clock starts, so that its time is the gateway's answer, not the wait for a slot
        var connections = new Semaphore(inFlight);
        var results = new ConcurrentHashMap<Integer, Attempt>();
        long began;
        long ended;
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            var futures = new ArrayList<Future<?>>();
            for (int i = 0; i < attempts; i++) {
                int n = i;
                String body = n % 2 == 0
                        ? "{\"seatIds\":[\""
                                + contested.get(ThreadLocalRandom.current().nextInt(contested.size())) + "\"]}"
                        : "{\"quantity\":" + (1 + n % 4 / 2) + "}";
                futures.add(threads.submit(() -> {
                    start.await();
                    connections.acquire();
                    try {
                        results.put(
                                n,
                                hold(
                                        gateway,
                                        eventId,
                                        buyers.get(n),
                                        body,
                                        UUID.randomUUID().toString()));
                    } catch (IllegalStateException noAnswer) {
                        System.out.printf("[holds] attempt %d got no answer: %s%n", n, noAnswer.getMessage());
                        results.put(n, new Attempt(buyers.get(n), body, null, -1, TestHttp.JSON.readTree("{}"), 0));
                    } finally {
                        connections.release();
                    }
                    return null;
                }));
            }
            began = System.nanoTime();
            start.countDown();
            futures.add(threads.submit(() -> {
                Thread.sleep(3_000);
                duringRace.run();
                return null;
            }));
            for (Future<?> future : futures) {
                future.get();
            }
            ended = System.nanoTime();
        }
        System.out.printf(
                "[holds] %d hold attempts released at once (%d connections in flight) through the gateway"
                        + " in %.2f s: %.0f attempts/s%n",
                attempts, inFlight, (ended - began) / 1e9, attempts / ((ended - began) / 1e9));
        return new ArrayList<>(results.values());
    }

    /**
     * Every attempt answered 503 retried with its own Idempotency-Key (up to five times, 50 at once) until it gets
     * another answer; the others as they were.
     */
    List<Attempt> retriedAfter503(UUID eventId, List<Attempt> attempts) throws Exception {
        TestHttp retrying = gateway.inFlightAtMost(50);
        var finals = new ArrayList<Attempt>();
        var counts = new TreeMap<Integer, Integer>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            var futures = new ArrayList<Future<Attempt>>();
            for (Attempt attempt : attempts) {
                futures.add(threads.submit(() -> {
                    Attempt last = attempt;
                    for (int i = 0; i < 5 && last.status() == 503; i++) {
                        last = hold(retrying, eventId, last.buyer(), last.body(), last.key());
                    }
                    return last;
                }));
            }
            for (int i = 0; i < futures.size(); i++) {
                Attempt last = futures.get(i).get();
                finals.add(last);
                if (attempts.get(i).status() == 503) {
                    counts.merge(last.status(), 1, Integer::sum);
                }
            }
        }
        System.out.printf("[holds] the attempts answered 503, retried with the same Idempotency-Key: %s%n", counts);
        return finals;
    }

    /** One hold attempt with a fresh Idempotency-Key. */
    Attempt hold(UUID eventId, Buyer buyer, String body) {
        return hold(gateway, eventId, buyer, body, UUID.randomUUID().toString());
    }

    /** One hold attempt with {@code key} as its Idempotency-Key. */
    private Attempt hold(TestHttp client, UUID eventId, Buyer buyer, String body, String key) {
        var request = client.post("/api/events/" + eventId + "/holds", body)
                .idempotencyKey(key)
                .bearer(buyer.sessionToken())
                .header(SaleFixture.ADMISSION, fixture.admissionToken(eventId, buyer));
        long started = System.nanoTime();
        try {
            TestHttp.Reply response = request.send();
            long nanos = System.nanoTime() - started;
            if (response.status() == 503 || response.status() == 429) {
                assertThat(response.headers().firstValue("Retry-After"))
                        .as("Retry-After on %d", response.status())
                        .isPresent();
            }
            return new Attempt(buyer, body, key, response.status(), TestHttp.JSON.readTree(response.body()), nanos);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "hold " + body + " failed after " + (System.nanoTime() - started) / 1_000_000 + " ms: " + e, e);
        }
    }

    /** The answer times of the attempts, per status ({@code statuses}: how many attempts got each). */
    static void printLatencies(List<Attempt> attempts, Map<Integer, Integer> statuses) {
        for (int status : statuses.keySet()) {
            long[] nanos = attempts.stream()
                    .filter(a -> a.status() == status)
                    .mapToLong(Attempt::nanos)
                    .sorted()
                    .toArray();
            System.out.printf(
                    "[holds]   %d x %d: p50 %d ms, p99 %d ms, max %d ms%n",
                    nanos.length,
                    status,
                    nanos[nanos.length / 2] / 1_000_000,
                    nanos[(int) (nanos.length * 0.99)] / 1_000_000,
                    nanos[nanos.length - 1] / 1_000_000);
        }
    }

    /** How fast booking allocated: the orders of the event by their creation time (database clock). */
    void printAllocationWindow(UUID eventId) throws SQLException {
        try (Connection db = fixture.database();
                PreparedStatement query = db.prepareStatement("SELECT count(*), extract(epoch FROM"
                        + " max(created_at) - min(created_at)) FROM booking.orders WHERE event_id = ?")) {
            query.setObject(1, eventId);
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                System.out.printf(
                        "[holds] booking allocated %d orders within %.2f s (first to last)%n",
                        rows.getLong(1), rows.getDouble(2));
            }
        }
    }
}
