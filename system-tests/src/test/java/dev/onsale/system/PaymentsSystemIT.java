package dev.onsale.system;

import static dev.onsale.system.PaymentSandbox.MERCHANT_KEY;
import static dev.onsale.system.PaymentSandbox.SETTINGS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.launcher.Service;
import dev.onsale.system.PaymentsDriver.Held;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * Paying end to end on the packaged services: the buyer's request through the gateway to booking, payment-service's
 * queue to the sandbox acquirer and back by signed webhook (or poll), booking confirming or releasing. The sandbox
 * is driven at runtime into the acquirer's bad days: timeouts after the charge went through, lost webhooks, a
 * decision that comes after the order died. The last test audits everything the others did against the sandbox's
 * ledger: every captured charge is one confirmed order or one refund (I2), no buyer action charged twice (I3).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PaymentsSystemIT {

    /** Booking's payment bound in this stack, short so that an order can die while its payment is still open. */
    private static final Duration PAYMENT_BOUND = Duration.ofSeconds(20);

    private static SaleFixture fixture;
    private static TestHttp gateway;
    private static TestHttp sandbox;
    private static PaymentsDriver payments;
    private static PaymentSandbox acquirer;
    private static JsonNode startSettings;
    /** Every event this class created: the audit covers all their orders. */
    private static final Set<UUID> events = ConcurrentHashMap.newKeySet();

    @BeforeAll
    static void startTheStack() {
        fixture = SaleFixture.start(
                "payments",
                Map.of(
                        "ONSALE_ORDERS_PAYMENTBOUND",
                        PAYMENT_BOUND.toSeconds() + "s",
                        // one buyer double-clicking 50 times at once: the session limit (20 burst) would answer most
                        // with 429
                        "ONSALE_RATELIMIT_SESSIONBURST",
                        "100"));
        gateway = fixture.gateway;
        sandbox = TestHttp.at(fixture.stack.serviceUrl(Service.PAYMENT_SANDBOX));
        payments = new PaymentsDriver(fixture, events);
        acquirer = new PaymentSandbox(sandbox);
        startSettings = sandbox.get(SETTINGS).bearer(MERCHANT_KEY).send().json();
    }

    @AfterAll
    static void stopTheStack() {
        if (fixture != null) {
            fixture.close();
        }
    }

    /** Each test starts from the sandbox's start-time behaviour (its ledger is kept: the audit reads it). */
    @BeforeEach
    void sandboxAsItStarted() {
        acquirer.sandboxSettings(startSettings);
    }

    @Test
    @Order(1)
    void fiftyConcurrentSubmissionsWithOneKeyChargeOnceAndAllGetTheSameAnswer() throws Exception {
        UUID eventId = payments.event("One key", 10, 4_200);
        Held held = payments.hold(eventId, 2);

        var card = payments.pay(held, UUID.randomUUID().toString(), "4242 4242 4242 4242");
        assertThat(card.status())
                .as("a card number instead of a token: %s", card)
                .isEqualTo(400);
        assertThat(card.body()).doesNotContain("4242");
        assertThat(payments.orderStatus(held)).isEqualTo("HELD");

        String key = UUID.randomUUID().toString();
        var start = new CountDownLatch(1);
        var answers = new ArrayList<TestHttp.Reply>();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            var futures = new ArrayList<Future<TestHttp.Reply>>();
            for (int i = 0; i < 50; i++) {
                futures.add(threads.submit(() -> {
                    start.await();
                    return payments.pay(held, key, "tok_visa");
                }));
            }
            start.countDown();
            for (Future<TestHttp.Reply> future : futures) {
                answers.add(future.get());
            }
        }
        for (TestHttp.Reply answer : answers) {
            assertThat(answer.status()).as("answer: %s", answer).isEqualTo(202);
            assertThat(answer.body()).isEqualTo(answers.getFirst().body());
        }
        assertThat(answers.getFirst().json().path("status").asString()).isEqualTo("PROCESSING");
        assertThat(answers.getFirst().json().path("paymentId").asString()).isNotBlank();

        payments.awaitOrderStatus(held, "CONFIRMED", Duration.ofSeconds(60));
        assertThat(fixture.seatsInTheDatabase(eventId, "SOLD"))
                .isEqualTo(Map.of(held.orderId(), Set.copyOf(held.seatIds())));
        assertThat(fixture.strings("SELECT seat_id FROM booking.tickets WHERE order_id = ?", held.orderId()))
                .containsExactlyInAnyOrderElementsOf(held.seatIds());
        JsonNode charge = acquirer.theOneChargeOf(held, "SUCCEEDED");
        assertThat(charge.path("amountCents").asLong())
                .isEqualTo(held.amountCents())
                .isEqualTo(8_400);
    }

    @Test
    @Order(2)
    void aDeclineEndsTheOrderPaymentFailedAndItsSeatsAreFreeAndOnTheCounterWithinASecond() throws Exception {
        UUID eventId = payments.event("Declined", 10, 3_000);
        Held held = payments.hold(eventId, 3);
        assertThat(fixture.redis.get(SaleFixture.counter(eventId))).isEqualTo("7");

        assertThat(payments.pay(held, UUID.randomUUID().toString(), "tok_declined")
                        .status())
                .isEqualTo(202);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> payments.orderStatusInTheDatabase(held).equals("PAYMENT_FAILED"));
        long failedAt = System.nanoTime();
        assertThat(fixture.seatsInTheDatabase(eventId, "HELD"))
                .as("seats freed in the order's transaction")
                .isEmpty();
        await().atMost(Duration.ofSeconds(1))
                .pollInterval(Duration.ofMillis(10))
                .untilAsserted(() -> assertThat(fixture.redis.get(SaleFixture.counter(eventId)))
                        .isEqualTo("10"));
        System.out.printf(
                "[payments] a declined order's seats were back on the counter %d ms after PAYMENT_FAILED%n",
                (System.nanoTime() - failedAt) / 1_000_000);

        var again = payments.pay(held, UUID.randomUUID().toString(), "tok_visa");
        assertThat(again.status()).as("PAYMENT_FAILED is final: %s", again).isEqualTo(409);
        assertThat(again.json().path("type").asString()).isEqualTo("/problems/order-not-payable");
        acquirer.theOneChargeOf(held, "DECLINED");
    }

    @Test
    @Order(3)
    void aChargeThatWentThroughWhileTheRequestTimedOutIsRetriedWithTheSameKeyAndChargedOnce() throws Exception {
        UUID eventId = payments.event("Timeout", 10, 3_000);
        Held held = payments.hold(eventId, 1);
        // Every request hangs past payment-service's timeout after the charge was made, and no webhook arrives:
        // only a retried submission can learn the charge.
        acquirer.sandboxSettings(Map.of("timeoutShare", 1.0, "timeoutHangMs", 6_000, "webhookLossShare", 1.0));
        long requestsBefore = acquirer.chargeRequestsSeen();

        assertThat(payments.pay(held, UUID.randomUUID().toString(), "tok_visa").status())
                .isEqualTo(202);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () -> assertThat(acquirer.chargesOf(held.orderId())).hasSize(1));
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(acquirer.chargeRequestsSeen() - requestsBefore)
                        .as("submissions, retries included")
                        .isGreaterThanOrEqualTo(2));
        acquirer.sandboxSettings(Map.of("timeoutShare", 0.0));

        payments.awaitOrderStatus(held, "CONFIRMED", Duration.ofSeconds(60));
        System.out.printf(
                "[payments] a payment whose submissions timed out was sent %d times and charged once%n",
                acquirer.chargeRequestsSeen() - requestsBefore);
        acquirer.theOneChargeOf(held, "SUCCEEDED");
    }

    @Test
    @Order(4)
    void aSuccessArrivingAfterTheOrderExpiredIsRefundedWhileItsSeatIsSoldToSomeoneElse() throws Exception {
        UUID eventId = payments.event("Late success", 1, 3_000);
        Held late = payments.hold(eventId, 1);
        // The acquirer decides only well after booking's payment bound: the order expires first.
        acquirer.sandboxSettings(
                Map.of("decisionDelayMs", PAYMENT_BOUND.plusSeconds(12).toMillis()));
        Instant paid = Instant.now();
        assertThat(payments.pay(late, UUID.randomUUID().toString(), "tok_visa").status())
                .isEqualTo(202);
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () -> assertThat(acquirer.chargesOf(late.orderId())).hasSize(1));
        acquirer.sandboxSettings(
                Map.of("decisionDelayMs", startSettings.path("decisionDelayMs").asLong()));

        // I4: once payment has started, the order ends within the payment bound plus 10 s.
        await().atMost(Duration.between(Instant.now(), paid.plus(PAYMENT_BOUND).plusSeconds(10)))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> payments.orderStatusInTheDatabase(late).equals("EXPIRED"));
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(fixture.redis.get(SaleFixture.counter(eventId)))
                        .isEqualTo("1"));

        Held second = payments.hold(eventId, 1);
        assertThat(second.seatIds()).isEqualTo(late.seatIds());
        assertThat(payments.pay(second, UUID.randomUUID().toString(), "tok_visa")
                        .status())
                .isEqualTo(202);
        payments.awaitOrderStatus(second, "CONFIRMED", Duration.ofSeconds(60));

        payments.awaitOrderStatus(late, "REFUNDED", Duration.ofSeconds(90));
        System.out.printf(
                "[payments] a success %d s after the payment started, on an expired order, was refunded%n",
                Duration.between(paid, Instant.now()).toSeconds());
        JsonNode charge = acquirer.chargesOf(late.orderId()).getFirst();
        assertThat(charge.path("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(charge.path("amountRefundedCents").asLong()).isEqualTo(3_000);
        List<JsonNode> refunds = acquirer.refundsOf(late.orderId());
        assertThat(refunds).hasSize(1);
        assertThat(refunds.getFirst().path("chargeId").asString())
                .isEqualTo(charge.path("id").asString());
        assertThat(refunds.getFirst().path("amountCents").asLong()).isEqualTo(3_000);
        assertThat(fixture.seatsInTheDatabase(eventId, "SOLD"))
                .isEqualTo(Map.of(second.orderId(), Set.copyOf(second.seatIds())));
        assertThat(acquirer.refundsOf(second.orderId())).isEmpty();

        // The auditors' ledger of the event says the same, and judges I1-I3 on it.
        TestHttp.Reply read = gateway.get("/audit/events/" + eventId + "/ledger")
                .bearer(fixture.stack.auditorToken())
                .send();
        assertThat(read.status()).as("ledger: %s", read).isEqualTo(200);
        JsonNode ledger = read.json();
        System.out.printf("[payments] the event's ledger: %s%n", ledger);
        assertThat(ledger.path("seats").path("total").asInt()).isEqualTo(1);
        assertThat(ledger.path("seats").path("sold").asInt()).isEqualTo(1);
        assertThat(ledger.path("tickets").asInt()).isEqualTo(1);
        assertThat(ledger.path("charges").size()).isEqualTo(2);
        assertThat(ledger.path("refunds").size()).isEqualTo(1);
        assertThat(ledger.path("refunds").get(0).path("orderId").asString())
                .isEqualTo(late.orderId().toString());
        assertThat(ledger.path("refunds").get(0).path("refundedAt").isNull()).isFalse();
        Audit.assertInvariantsHold(ledger);
        assertThat(gateway.get("/audit/events/" + eventId + "/ledger")
                        .bearer(late.buyer().sessionToken())
                        .send()
                        .status())
                .as("a buyer reads no ledger")
                .isEqualTo(403);
        assertThat(gateway.get("/audit/events/" + UUID.randomUUID() + "/ledger")
                        .bearer(fixture.stack.auditorToken())
                        .send()
                        .status())
                .isEqualTo(404);
    }

    /**
     * Answers that used to mislead, through the gateway as a client meets them: each names what was wrong and what to
     * do next, and leaves nothing held that it should not.
     */
    @Test
    @Order(6)
    void everyRefusalAndEveryEndSaysWhatWasWrongAndWhatToDoNext() throws Exception {
        UUID seated = fixture.seatedEvent("Seated " + UUID.randomUUID(), 1, 3, 2000);
        events.add(seated);
        var unknownSeat = fixture.hold(seated, fixture.newBuyer(), "{\"seatIds\": [\"A-1-1\", \"Z-9-9\"]}");
        assertThat(unknownSeat.status()).as("an unknown seat: %s", unknownSeat).isEqualTo(400);
        assertThat(unknownSeat.json().path("type").asString()).isEqualTo("/problems/invalid-request");
        assertThat(unknownSeat.json().path("errors").get(0).path("field").asString())
                .isEqualTo("seatIds[1]");
        assertThat(unknownSeat.json().path("detail").asString()).contains("Z-9-9 is not a seat of this event");
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(fixture.redis.get(SaleFixture.counter(seated)))
                        .as("the refused hold's seats are back on the counter")
                        .isEqualTo("3"));

        Held two = payments.hold(seated, 2);
        var tooMany = fixture.hold(seated, fixture.newBuyer(), "{\"quantity\": 2}");
        assertThat(tooMany.status()).as("2 asked, 1 left: %s", tooMany).isEqualTo(409);
        assertThat(tooMany.json().path("type").asString())
                .as("a seat is left: not sold out")
                .isEqualTo("/problems/not-enough-seats");
        assertThat(tooMany.json().path("detail").asString()).startsWith("only 1 seat is free, fewer than the 2 asked");
        assertThat(tooMany.header("Retry-After"))
                .as("two held seats may come back")
                .isNotEmpty();
        var taken = fixture.hold(
                seated, fixture.newBuyer(), "{\"seatIds\": [\"" + two.seatIds().getFirst() + "\"]}");
        assertThat(taken.status()).as("a held seat: %s", taken).isEqualTo(409);
        assertThat(taken.json().path("type").asString()).isEqualTo("/problems/seat-unavailable");

        UUID standing = payments.event("Standing", 4, 3_000);
        var chosenAtStanding = fixture.hold(standing, fixture.newBuyer(), "{\"seatIds\": [\"GA-1\"]}");
        assertThat(chosenAtStanding.status())
                .as("GA-1 at a general-admission event: %s", chosenAtStanding)
                .isEqualTo(400);
        assertThat(chosenAtStanding.json().path("detail").asString()).contains("general admission", "quantity");

        Held unknownCard = payments.hold(standing, 1);
        String unknownKey = UUID.randomUUID().toString();
        assertThat(payments.pay(unknownCard, unknownKey, "tok_nosuchcard").status())
                .isEqualTo(202);
        payments.awaitOrderStatus(unknownCard, "PAYMENT_FAILED", Duration.ofSeconds(60));
        var failed = gateway.get(unknownCard.path())
                .bearer(unknownCard.buyer().sessionToken())
                .send();
        assertThat(failed.json().path("failureReason").asString()).isEqualTo("unknown_payment_method");
        assertThat(failed.json().has("expiresAt"))
                .as("a final order has no deadline: %s", failed)
                .isFalse();
        var failedAgain = payments.pay(unknownCard, unknownKey, "tok_nosuchcard");
        assertThat(failedAgain.status()).isEqualTo(202);
        assertThat(failedAgain.json().path("status").asString()).isEqualTo("FAILED");
        assertThat(failedAgain.json().path("failureReason").asString()).isEqualTo("unknown_payment_method");

        String key = UUID.randomUUID().toString();
        var first = payments.pay(two, key, "tok_visa");
        payments.awaitOrderStatus(two, "CONFIRMED", Duration.ofSeconds(60));
        var again = payments.pay(two, key, "tok_visa");
        assertThat(again.status()).isEqualTo(202);
        assertThat(again.json().path("paymentId").asString())
                .isEqualTo(first.json().path("paymentId").asString());
        assertThat(again.json().path("status").asString())
                .as("a repeat after the order is confirmed says so: %s", again)
                .isEqualTo("SUCCEEDED");
        var confirmed =
                gateway.get(two.path()).bearer(two.buyer().sessionToken()).send();
        assertThat(confirmed.json().has("expiresAt"))
                .as("confirmed: %s", confirmed)
                .isFalse();
        acquirer.theOneChargeOf(two, "SUCCEEDED");
    }

    @Test
    @Order(100)
    void everyCapturedChargeEndsAsExactlyOneConfirmedOrderOrOneRefundAndNoBuyerActionIsChargedTwice() throws Exception {
        // Nothing of ours still waits for the acquirer.
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() ->
                        assertThat(payments.ordersInStatus("PAYMENT_PENDING")).isEmpty());
        PaymentSandbox.Books books = acquirer.books();

        Map<UUID, String> orders = payments.ordersOfTheseEvents();
        int captured = Audit.assertEachChargeOnceAndCapturedOnlyForTicketsOrRefunds(books, orders);
        System.out.printf(
                "[payments] audit: %d orders, %d charges (%d captured), %d refunds — I2 and I3 hold%n",
                orders.size(),
                books.chargesByOrder().size(),
                captured,
                books.refundedByCharge().size());
        assertThat(captured).isGreaterThanOrEqualTo(4);

        // booking's ledgers count the charges the acquirer captured, and find I1-I3 holding too
        int capturedInTheLedgers = 0;
        for (UUID eventId : events) {
            JsonNode eventLedger = gateway.get("/audit/events/" + eventId + "/ledger")
                    .bearer(fixture.stack.auditorToken())
                    .send()
                    .json();
            capturedInTheLedgers += eventLedger.path("charges").size();
            Audit.assertInvariantsHold(eventLedger);
        }
        assertThat(capturedInTheLedgers)
                .as("captured charges in booking's ledgers")
                .isEqualTo(captured);
    }
}
