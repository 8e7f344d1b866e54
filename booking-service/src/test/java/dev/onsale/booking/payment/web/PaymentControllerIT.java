package dev.onsale.booking.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.booking.order.BuyerOrders;
import dev.onsale.booking.order.PaymentOutcomes;
import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentCommand;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.RefundIssued;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.platform.testing.TopicTail;
import dev.onsale.testing.TestHttp;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Accepted payment requests: one payment per key however often and concurrently it is sent, the repeat's answer as the
 * payment is now, and a paying order outliving its hold. The refusals are {@link PaymentRefusalsIT}'s.
 */
@BookingServiceTest
class PaymentControllerIT {

    private static final Duration RELAYED = Duration.ofSeconds(30);
    private static final String VISA = "{\"paymentMethod\": \"tok_visa\"}";

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    @Autowired
    Allocation allocation;

    @Autowired
    BuyerOrders buyers;

    @Autowired
    PaymentOutcomes outcomes;

    @Autowired
    MeterRegistry meters;

    TestHttp http;
    PaymentCalls calls;
    PlacedOrders orders;
    TopicTail requests;
    UUID eventId;
    UUID buyer;

    @BeforeEach
    void setUp(Engines engines) {
        http = BookingCalls.at(port);
        calls = new PaymentCalls(http);
        orders = new PlacedOrders(allocation, jdbc);
        requests = new TopicTail(engines, Topics.PAYMENT_REQUESTS);
        eventId = OpenEvents.create(http, "Payments API", 2, 10, 600, 4);
        buyer = UUID.randomUUID();
    }

    @AfterEach
    void tearDown() {
        requests.close();
    }

    @Test
    void fiftyConcurrentRequestsWithOneKeyAllGetTheSame202AndMakeOnePayment() throws Exception {
        SeatsAllocated held = orders.hold(eventId, buyer, 2);
        String key = UUID.randomUUID().toString();
        double requestedBefore = counter("onsale.payments.requested");
        double replayedBefore = counter("onsale.payments.replayed");
        int clients = 50;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<TestHttp.Reply>> answers = new ArrayList<>();
        try {
            CountDownLatch start = new CountDownLatch(1);
            for (int i = 0; i < clients; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return calls.pay(held.orderId(), buyer, key, VISA);
                }));
            }
            start.countDown();
            List<TestHttp.Reply> responses = new ArrayList<>();
            for (Future<TestHttp.Reply> answer : answers) {
                responses.add(answer.get(60, TimeUnit.SECONDS));
            }

            assertThat(responses).extracting(TestHttp.Reply::status).containsOnly(202);
            assertThat(responses)
                    .extracting(TestHttp.Reply::body)
                    .containsOnly(responses.getFirst().body());
        } finally {
            pool.shutdownNow();
        }
        String body = answers.getFirst().get().body();
        assertThat(answers.getFirst().get().json().propertyNames()).containsExactly("paymentId", "status");
        assertThat(answers.getFirst().get().json().get("status").asString()).isEqualTo("PROCESSING");
        UUID paymentId =
                UUID.fromString(answers.getFirst().get().json().get("paymentId").asString());
        assertThat(jdbc.queryForList(
                        "SELECT payment_id FROM booking.payments WHERE order_id = ?", UUID.class, held.orderId()))
                .containsExactly(paymentId);
        assertThat(jdbc.queryForObject(
                        "SELECT response_body FROM booking.payment_idempotency WHERE session_id = ?",
                        String.class,
                        buyer))
                .isEqualTo(body);
        assertThat(orders.status(held.orderId())).isEqualTo("PAYMENT_PENDING");
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("HELD");
        assertThat(counter("onsale.payments.requested") - requestedBefore).isEqualTo(1);
        assertThat(counter("onsale.payments.replayed") - replayedBefore).isEqualTo(clients - 1);
        assertThat(http.get("/actuator/prometheus")
                        .header("Accept", "text/plain")
                        .send()
                        .body())
                .contains("onsale_payments_requested_total{application=\"booking-service\"}")
                .contains("onsale_payments_replayed_total{application=\"booking-service\"}");

        requests.awaitUntil(RELAYED, byKey -> !requests.of(held.orderId()).isEmpty());
        requests.readFor(Duration.ofSeconds(2));
        assertThat(requests.of(held.orderId())).hasSize(1);
        PaymentRequested relayed =
                (PaymentRequested) requests.of(held.orderId()).getFirst().event(PaymentCommand.class);
        assertThat(relayed.paymentId()).isEqualTo(paymentId);
        assertThat(relayed.orderId()).isEqualTo(held.orderId());
        assertThat(relayed.eventId()).isEqualTo(eventId);
        assertThat(relayed.sessionId()).isEqualTo(buyer);
        assertThat(relayed.amountCents()).isEqualTo(10_000);
        assertThat(relayed.currency()).isEqualTo("EUR");
        assertThat(relayed.paymentMethod()).isEqualTo("tok_visa");
        assertThat(relayed.requestedAt()).isNotNull();
    }

    @Test
    void aRepeatGetsThe202OfItsPaymentAndAnotherBodyUnderTheKeyGets422WhateverTheOrderBecame() {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        String key = UUID.randomUUID().toString();
        TestHttp.Reply first = calls.pay(held.orderId(), buyer, key, VISA);
        assertThat(first.status()).isEqualTo(202);
        assertThat(first.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));

        TestHttp.Reply respaced = calls.pay(held.orderId(), buyer, key, "{ \"paymentMethod\" : \"tok_visa\" }");
        assertThat(respaced.status()).isEqualTo(202);
        assertThat(respaced.body()).isEqualTo(first.body());
        PaymentCalls.assertProblem(
                calls.pay(held.orderId(), buyer, key, "{\"paymentMethod\": \"tok_mastercard\"}"),
                422,
                "idempotency-key-reused");
        SeatsAllocated other = orders.hold(eventId, buyer, 1);
        PaymentCalls.assertProblem(calls.pay(other.orderId(), buyer, key, VISA), 422, "idempotency-key-reused");
        assertThat(orders.status(other.orderId())).isEqualTo("HELD");

        outcomes.apply(
                UUID.randomUUID(),
                new PaymentFailed(
                        held.orderId(),
                        UUID.fromString(first.json().get("paymentId").asString()),
                        "card_declined"));
        assertThat(orders.status(held.orderId())).isEqualTo("PAYMENT_FAILED");
        TestHttp.Reply afterFailure = calls.pay(held.orderId(), buyer, key, VISA);
        assertThat(afterFailure.status()).isEqualTo(202);
        assertThat(afterFailure.json().get("paymentId")).isEqualTo(first.json().get("paymentId"));
        assertThat(afterFailure.json().get("status").asString()).isEqualTo("FAILED");
        assertThat(afterFailure.json().get("failureReason").asString()).isEqualTo("card_declined");
        PaymentCalls.assertProblem(
                calls.pay(held.orderId(), buyer, key, "{\"paymentMethod\": \"tok_mastercard\"}"),
                422,
                "idempotency-key-reused");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM booking.payments WHERE session_id = ?", Long.class, buyer))
                .isOne();
    }

    @Test
    void aRepeatTellsThePaymentsStatusNowAndTheReasonOnlyWhileItIsFailed() {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        String key = UUID.randomUUID().toString();
        TestHttp.Reply first = calls.pay(held.orderId(), buyer, key, VISA);
        UUID paymentId = UUID.fromString(first.json().get("paymentId").asString());
        assertThat(first.json().get("status").asString()).isEqualTo("PROCESSING");
        assertThat(calls.pay(held.orderId(), buyer, key, VISA).body()).isEqualTo(first.body());

        outcomes.apply(UUID.randomUUID(), new PaymentSucceeded(held.orderId(), paymentId, 5_000, "EUR"));
        assertThat(orders.status(held.orderId())).isEqualTo("CONFIRMED");
        assertRepeat(held.orderId(), key, paymentId, "SUCCEEDED");

        SeatsAllocated late = orders.hold(eventId, buyer, 1);
        String lateKey = UUID.randomUUID().toString();
        UUID latePayment = UUID.fromString(calls.pay(late.orderId(), buyer, lateKey, VISA)
                .json()
                .get("paymentId")
                .asString());
        outcomes.apply(UUID.randomUUID(), new PaymentFailed(late.orderId(), latePayment, "provider-unavailable"));
        assertRepeat(late.orderId(), lateKey, latePayment, "FAILED");
        outcomes.apply(UUID.randomUUID(), new PaymentSucceeded(late.orderId(), latePayment, 5_000, "EUR"));
        assertRepeat(late.orderId(), lateKey, latePayment, "REFUND_PENDING");
        outcomes.apply(UUID.randomUUID(), new RefundIssued(late.orderId(), latePayment, UUID.randomUUID(), 5_000));
        assertThat(orders.status(late.orderId())).isEqualTo("REFUNDED");
        assertRepeat(late.orderId(), lateKey, latePayment, "REFUNDED");
        assertThat(jdbc.queryForObject(
                        "SELECT response_body FROM booking.payment_idempotency"
                                + " WHERE session_id = ? AND idempotency_key = ?",
                        String.class,
                        buyer,
                        key))
                .as("the record keeps the first answer")
                .isEqualTo(first.body());
    }

    @Test
    void aPaymentPendingOrderOutlivesItsHoldAndASecondKeyCannotPayItAgain() {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        assertThat(calls.pay(held.orderId(), buyer, UUID.randomUUID().toString(), VISA)
                        .status())
                .isEqualTo(202);
        orders.overdue(held.orderId());
        await().during(Duration.ofSeconds(2))
                .atMost(Duration.ofSeconds(4))
                .until(() -> orders.status(held.orderId()).equals("PAYMENT_PENDING"));

        PaymentCalls.assertProblem(
                calls.pay(held.orderId(), buyer, UUID.randomUUID().toString(), VISA), 409, "order-not-payable");
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.payment_idempotency WHERE session_id = ?", Long.class, buyer))
                .isOne();
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.payments WHERE order_id = ?", Long.class, held.orderId()))
                .isOne();
    }

    @Test
    void aDuplicateWaitsForTheFirstClaimOfItsKeyAndGoesAheadWhenThatRollsBack() throws Exception {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        String key = UUID.randomUUID().toString();
        try (Connection first = dataSource.getConnection()) {
            first.setAutoCommit(false);
            try (PreparedStatement claim = first.prepareStatement("""
                    INSERT INTO booking.payment_idempotency
                        (session_id, idempotency_key, fingerprint, payment_id, response_status, response_body)
                    VALUES (?, ?, repeat('0', 64), gen_random_uuid(), 202, '{}')
                    """)) {
                claim.setObject(1, buyer);
                claim.setString(2, key);
                claim.executeUpdate();
            }
            CompletableFuture<TestHttp.Reply> duplicate =
                    CompletableFuture.supplyAsync(() -> calls.pay(held.orderId(), buyer, key, VISA));

            await().atMost(Duration.ofSeconds(10)).until(() -> jdbc.queryForObject("""
                    SELECT count(*) FROM pg_stat_activity
                    WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO booking.payment_idempotency%'
                    """, Long.class) == 1);
            assertThat(duplicate).isNotDone();
            first.rollback();

            TestHttp.Reply response = duplicate.get(30, TimeUnit.SECONDS);
            assertThat(response.status()).isEqualTo(202);
            assertThat(jdbc.queryForObject(
                            "SELECT response_body FROM booking.payment_idempotency"
                                    + " WHERE session_id = ? AND idempotency_key = ?",
                            String.class,
                            buyer,
                            key))
                    .isEqualTo(response.body());
        }
        assertThat(orders.status(held.orderId())).isEqualTo("PAYMENT_PENDING");
    }

    private void assertRepeat(UUID orderId, String key, UUID paymentId, String status) {
        TestHttp.Reply repeat = calls.pay(orderId, buyer, key, VISA);
        assertThat(repeat.status()).isEqualTo(202);
        assertThat(repeat.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(repeat.json().get("paymentId").asString()).isEqualTo(paymentId.toString());
        assertThat(repeat.json().get("status").asString()).isEqualTo(status);
        if (status.equals("FAILED")) {
            assertThat(repeat.json().propertyNames()).containsExactly("paymentId", "status", "failureReason");
            assertThat(repeat.json().get("failureReason").asString()).isEqualTo("provider-unavailable");
        } else {
            assertThat(repeat.json().propertyNames()).containsExactly("paymentId", "status");
        }
    }

    private double counter(String name) {
        return meters.get(name).counter().count();
    }
}
