package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.system.SaleFixture.Buyer;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The seed's scenario to its end, through the gateway: 5,000 buyers press "Buy" at once for 800 seats (admission
 * tokens are minted with the stack's key; the waiting room is tested elsewhere). Seven in ten buyers who get a hold
 * pay it (one whose payment comes after the hold expired tries again); the others walk away, and their holds expire
 * (hold TTL 10 s, the shortest an event may set) and go back on sale. Whoever was refused keeps trying, backing off
 * from 2 s to 10 s as a client told "sold out" should, until the sale is sold out for good. It ends with every seat
 * sold exactly once, the gate and the database agreeing, and reconciliation finding nothing.
 */
@ExtendWith(SharedSale.class)
class SellOutSystemIT {

    private static final int BUYERS = 5_000;
    private static final int SEATS = 800;
    private static final int IN_FLIGHT = 500;
    private static final int HOLD_TTL_SECONDS = 10;
    private static final double PAYING_SHARE = 0.7;
    /**
     * Generous: the sale sells out in 120-260 s on two cores, but an order whose payment is pending may stay live for
     * the payment bound (5 min) before it expires and its seat sells again, and on a machine short of CPU the whole
     * path has been seen to stand still for minutes and then recover (the timeline in the failure's message shows it).
     */
    private static final Duration SALE_LIMIT = Duration.ofMinutes(12);

    private static SaleFixture fixture;

    @BeforeAll
    static void takeTheSharedStack(SaleFixture shared) {
        fixture = shared;
    }

    @Test
    void fiveThousandBuyersForEightHundredSeatsBuyEverySeatOnceWhenTheAbandonedHoldsHaveExpired() throws Exception {
        UUID eventId = fixture.generalAdmissionEvent("Sell-out " + UUID.randomUUID(), SEATS, 4_000, HOLD_TTL_SECONDS);
        var soldOut = new AtomicBoolean();
        var outcomes = new ConcurrentHashMap<String, AtomicInteger>();
        Set<UUID> paid = ConcurrentHashMap.newKeySet();
        Set<UUID> abandoned = ConcurrentHashMap.newKeySet();
        var connections = new Semaphore(IN_FLIGHT);
        var start = new CountDownLatch(1);
        long deadline = System.nanoTime() + SALE_LIMIT.toNanos();
        var timeline = new ConcurrentLinkedQueue<String>();
        String prefix = "inventory:{" + eventId + "}:";

        long began;
        long soldOutAt;
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Long> watch = threads.submit(() -> {
                long watching = System.nanoTime();
                long nextMark = watching;
                while (System.nanoTime() < deadline) {
                    if (System.nanoTime() >= nextMark) {
                        // how the sale moved, every 30 s: for the failure's message
                        timeline.add(String.format(
                                "%ds: sold %s, live holds %s, paid %d, abandoned %d",
                                (System.nanoTime() - watching) / 1_000_000_000L,
                                fixture.redis.get(prefix + "sold"),
                                fixture.redis.get(prefix + "live-holds"),
                                paid.size(),
                                abandoned.size()));
                        nextMark += Duration.ofSeconds(30).toNanos();
                    }
                    try {
                        TestHttp.Reply availability = fixture.gateway
                                .get("/api/events/" + eventId + "/availability")
                                .send();
                        if (availability.status() == 200
                                && availability.json().path("soldOut").asBoolean()) {
                            soldOut.set(true);
                            return System.nanoTime();
                        }
                    } catch (RuntimeException noAnswer) {
                        // asked again in a moment, like a buyer's page
                    }
                    Thread.sleep(500);
                }
                return System.nanoTime();
            });
            var buyers = new ArrayList<Future<?>>();
            for (int i = 0; i < BUYERS; i++) {
                Buyer buyer = fixture.newBuyer();
                buyers.add(threads.submit(() -> {
                    start.await();
                    buy(eventId, buyer, soldOut, deadline, connections, outcomes, paid, abandoned);
                    return null;
                }));
            }
            began = System.nanoTime();
            start.countDown();
            for (Future<?> buyer : buyers) {
                buyer.get();
            }
            soldOutAt = watch.get();
        }
        var counts = new TreeMap<String, Integer>();
        outcomes.forEach((outcome, count) -> counts.put(outcome, count.get()));
        String summary = String.format(
                "%d buyers, %d seats: %s %.1f s after they pressed Buy; %d holds paid, %d abandoned"
                        + " (expired after %d s and sold again); answers %s",
                BUYERS,
                SEATS,
                soldOut.get() ? "sold out for good" : "still not sold out",
                (soldOutAt - began) / 1e9,
                paid.size(),
                abandoned.size(),
                HOLD_TTL_SECONDS,
                counts);
        System.out.println("[sellout] " + summary + "; timeline " + timeline);
        if (!soldOut.get()) {
            // the failure's own message carries the diagnosis: a CI log shows the failures, not always the output
            assertThat(soldOut)
                    .as(
                            "sold out for good within %s; %s%ntimeline %s%n%s",
                            SALE_LIMIT, summary, timeline, whatIsStillOnSale(eventId))
                    .isTrue();
        }

        // I1: every seat sold, each to one paid order, one ticket each
        Map<UUID, Set<String>> sold = fixture.seatsInTheDatabase(eventId, "SOLD");
        assertThat(sold.values().stream().mapToInt(Set::size).sum()).isEqualTo(SEATS);
        assertThat(paid).containsAll(sold.keySet());
        assertThat(fixture.orderStatuses(eventId).stream()
                        .filter("CONFIRMED"::equals)
                        .count())
                .isEqualTo(SEATS);
        assertThat(fixture.strings("SELECT count(*) FROM booking.tickets WHERE event_id = ?", eventId))
                .containsExactly(Integer.toString(SEATS));
        assertThat(abandoned).doesNotContainAnyElementsOf(sold.keySet());

        // I5: the gate agrees, and reconciliation finds nothing
        assertThat(List.of(
                        fixture.redis.get(prefix + "available"),
                        fixture.redis.get(prefix + "live-holds"),
                        fixture.redis.get(prefix + "sold")))
                .containsExactly("0", "0", Integer.toString(SEATS));
        JsonNode event = Audit.eventOf(Audit.run(fixture), eventId);
        System.out.printf(
                "[sellout] reconciliation after the sale: gate %s, database %s, drifts %s%n",
                event.path("gate"), event.path("database"), event.path("drifts"));
        assertThat(event.path("drifts").size()).isZero();
        JsonNode ledger = fixture.gateway
                .get("/audit/events/" + eventId + "/ledger")
                .bearer(fixture.stack.auditorToken())
                .send()
                .json();
        assertThat(ledger.path("tickets").asInt()).isEqualTo(SEATS);
        Audit.assertInvariantsHold(ledger);

        // what the operator watched: the sale over, every seat sold, no payment left, the last run clean
        JsonNode dashboard = Audit.dashboard(fixture, eventId);
        System.out.println("[sellout] dashboard after the sale: " + dashboard);
        assertThat(dashboard.path("saleState").asString()).isIn("OPEN", "SOLD_OUT");
        assertThat(List.of(
                        dashboard.path("seats").path("available").asLong(),
                        dashboard.path("seats").path("liveHolds").asLong(),
                        dashboard.path("seats").path("sold").asLong(),
                        dashboard.path("seats").path("capacity").asLong()))
                .containsExactly(0L, 0L, (long) SEATS, (long) SEATS);
        assertThat(List.of(
                        dashboard.path("payments").path("queued").asLong(),
                        dashboard.path("payments").path("inFlight").asLong()))
                .containsExactly(0L, 0L);
        assertThat(dashboard.path("queue").path("length").asLong()).isZero();
        assertThat(dashboard.path("lastReconciliation").path("covered").asBoolean())
                .isTrue();
        assertThat(dashboard.path("lastReconciliation").path("drifts").asInt()).isZero();
    }

    /** What kept the sale from selling out: the gate's counters, the orders still live (with their payments). */
    private static String whatIsStillOnSale(UUID eventId) throws Exception {
        String prefix = "inventory:{" + eventId + "}:";
        var text = new StringBuilder();
        text.append(String.format(
                "availability %s; gate available %s, live holds %s, sold %s%n",
                fixture.gateway
                        .get("/api/events/" + eventId + "/availability")
                        .send()
                        .body(),
                fixture.redis.get(prefix + "available"),
                fixture.redis.get(prefix + "live-holds"),
                fixture.redis.get(prefix + "sold")));
        text.append("orders ")
                .append(fixture.rows(
                        "SELECT status, count(*) FROM booking.orders WHERE event_id = ? GROUP BY status", eventId))
                .append("; seats ")
                .append(fixture.rows(
                        "SELECT status, count(*) FROM booking.seats WHERE event_id = ? GROUP BY status", eventId))
                .append('\n');
        List<String> live = fixture.rows("""
                SELECT id, status, created_at, expires_at, payment_deadline, updated_at FROM booking.orders
                WHERE event_id = ? AND status IN ('HELD', 'PAYMENT_PENDING') ORDER BY created_at""", eventId);
        for (String order : live.subList(0, Math.min(10, live.size()))) {
            text.append("live order: ").append(order).append('\n');
            UUID orderId = UUID.fromString(order.substring("id=".length(), "id=".length() + 36));
            fixture.rows("""
                    SELECT payment_id, status, requested_at, deadline, due_at, attempts, polls, charge_id, failure_reason,
                           first_submitted_at, settled_at FROM payment.payments WHERE order_id = ?""", orderId)
                    .forEach(payment ->
                            text.append("  its payment: ").append(payment).append('\n'));
        }
        Set<String> liveAtTheGate = fixture.redis.smembers(prefix + "live");
        text.append(liveAtTheGate.size()).append(" live at the gate");
        for (String order : liveAtTheGate.stream().limit(10).toList()) {
            text.append(String.format(
                    "%n  %s %s, pending since %s",
                    order,
                    fixture.redis.hgetAll(prefix + "order:" + order),
                    fixture.redis.zscore(prefix + "pending", order)));
        }
        return text.append(String.format("%ndashboard: %s", Audit.dashboard(fixture, eventId)))
                .toString();
    }

    /**
     * One buyer: tries to hold a seat until they get one or the sale is sold out for good; pays it (seven in ten)
     * or walks away.
     */
    private static void buy(
            UUID eventId,
            Buyer buyer,
            AtomicBoolean soldOut,
            long deadline,
            Semaphore connections,
            Map<String, AtomicInteger> outcomes,
            Set<UUID> paid,
            Set<UUID> abandoned)
            throws InterruptedException {
        long backOff = 2_000;
        while (!soldOut.get() && System.nanoTime() < deadline) {
            TestHttp.Reply answer = null;
            connections.acquire();
            try {
                answer = fixture.hold(eventId, buyer, "{\"quantity\":1}");
            } catch (RuntimeException noAnswer) {
                Throwable cause = noAnswer.getCause() == null ? noAnswer : noAnswer.getCause();
                outcomes.computeIfAbsent(
                                "no answer: " + cause.getClass().getSimpleName() + " " + cause.getMessage(),
                                k -> new AtomicInteger())
                        .incrementAndGet();
            } finally {
                connections.release();
            }
            if (answer != null) {
                String outcome = answer.status() == 201
                        ? "201"
                        : answer.status() + " " + answer.json().path("type").asString();
                outcomes.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
            }
            if (answer != null && answer.status() == 201) {
                UUID orderId = UUID.fromString(answer.json().path("orderId").asString());
                if (ThreadLocalRandom.current().nextDouble() >= PAYING_SHARE) {
                    abandoned.add(orderId);
                    return;
                }
                if (pay(buyer, orderId)) {
                    paid.add(orderId);
                    return;
                }
                // too slow: the hold expired before the payment reached it; the buyer tries again
                outcomes.computeIfAbsent("hold expired before its payment", k -> new AtomicInteger())
                        .incrementAndGet();
                backOff = 2_000;
                continue;
            }
            Thread.sleep(backOff / 2 + ThreadLocalRandom.current().nextLong(backOff / 2));
            backOff = Math.min(10_000, backOff * 2);
        }
    }

    /** @return whether the payment was accepted (false: the hold had expired, 409 order-not-payable) */
    private static boolean pay(Buyer buyer, UUID orderId) throws InterruptedException {
        String key = UUID.randomUUID().toString();
        for (int attempt = 0; attempt < 10; attempt++) {
            try {
                TestHttp.Reply payment = fixture.gateway
                        .post("/api/orders/" + orderId + "/payments", Map.of("paymentMethod", "tok_visa"))
                        .bearer(buyer.sessionToken())
                        .idempotencyKey(key)
                        .send();
                if (payment.status() == 202) {
                    return true;
                }
                if (payment.status() == 409
                        && payment.json().path("type").asString().equals("/problems/order-not-payable")) {
                    assertThat(payment.body()).as("payment: %s", payment).containsAnyOf("EXPIRED", "hold ran out");
                    return false;
                }
                assertThat(payment.status()).as("payment: %s", payment).isIn(429, 503);
            } catch (RuntimeException noAnswer) {
                // the same key again: charged once however often it is sent
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError("the payment of order " + orderId + " was never accepted");
    }
}
