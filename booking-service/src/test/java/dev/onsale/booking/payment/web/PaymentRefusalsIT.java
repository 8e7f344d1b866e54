package dev.onsale.booking.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.booking.order.BuyerOrders;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Refused payment requests: each a 4xx problem naming what was wrong, checked in the controller's order, and none of
 * them leaving a payment or an idempotency record behind.
 */
@BookingServiceTest
@ExtendWith(OutputCaptureExtension.class)
class PaymentRefusalsIT {

    private static final String VISA = "{\"paymentMethod\": \"tok_visa\"}";

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    BuyerOrders buyers;

    TestHttp http;
    PaymentCalls calls;
    PlacedOrders orders;
    UUID eventId;
    UUID buyer;

    @BeforeEach
    void setUp() {
        http = BookingCalls.at(port);
        calls = new PaymentCalls(http);
        orders = new PlacedOrders(allocation, jdbc);
        eventId = OpenEvents.create(http, "Payment refusals", 2, 10, 600, 4);
        buyer = UUID.randomUUID();
    }

    @Test
    void theIdempotencyKeyIsCheckedBeforeTheOrderIsLookedAt() {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        for (UUID orderId : new UUID[] {held.orderId(), UUID.randomUUID()}) {
            PaymentCalls.assertProblem(calls.pay(orderId, buyer, null, VISA), 400, "idempotency-key-missing");
            for (String invalid : new String[] {"", " ", "a b", "x".repeat(256)}) {
                PaymentCalls.assertProblem(calls.pay(orderId, buyer, invalid, VISA), 400, "idempotency-key-missing");
            }
        }
        PaymentCalls.assertProblem(
                http.post("/api/orders/not-a-uuid/payments", VISA).buyer(buyer).send(), 400, "idempotency-key-missing");
        assertThat(calls.pay(held.orderId(), null, "k", VISA).status()).isEqualTo(401);
        assertThat(orders.status(held.orderId())).isEqualTo("HELD");
        assertNothingStored(held.orderId(), buyer);
    }

    @Test
    void anUnknownOrAnotherSessionsOrderIsNotFoundAndBadBodiesNameTheirField() {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        UUID stranger = UUID.randomUUID();
        PaymentCalls.assertProblem(calls.pay(held.orderId(), stranger, "k", VISA), 404, "order-not-found");
        PaymentCalls.assertProblem(calls.pay(UUID.randomUUID(), buyer, "k", VISA), 404, "order-not-found");
        PaymentCalls.assertProblem(
                http.post("/api/orders/not-a-uuid/payments", VISA)
                        .buyer(buyer)
                        .idempotencyKey("k")
                        .send(),
                404,
                "order-not-found");

        PaymentCalls.assertInvalid(
                calls.pay(held.orderId(), buyer, "k", "{\"paymentMethod\": \"visa\"}"), "paymentMethod");
        PaymentCalls.assertInvalid(calls.pay(held.orderId(), buyer, "k", "{\"paymentMethod\": 42}"), "paymentMethod");
        PaymentCalls.assertInvalid(calls.pay(held.orderId(), buyer, "k", "{}"), "paymentMethod");
        PaymentCalls.assertInvalid(
                calls.pay(held.orderId(), buyer, "k", "{\"paymentMethod\": \"tok_visa\", \"amountCents\": 1}"),
                "amountCents");
        PaymentCalls.assertInvalid(calls.pay(held.orderId(), buyer, "k", "{\"paymentMethod\": "), "body");
        PaymentCalls.assertInvalid(calls.pay(held.orderId(), buyer, "k", ""), "body");
        assertThat(orders.status(held.orderId())).isEqualTo("HELD");
        assertNothingStored(held.orderId(), buyer);
        assertNothingStored(held.orderId(), stranger);
        assertThat(calls.pay(held.orderId(), buyer, "k", VISA).status()).isEqualTo(202);
    }

    @Test
    void endedOrdersAreNotPayableAndTheRefusalIsNotStoredUnderTheKey() {
        SeatsAllocated cancelled = orders.hold(eventId, buyer, 1);
        assertThat(buyers.cancel(cancelled.orderId(), buyer)).isEqualTo(BuyerOrders.Cancellation.CANCELLED);
        SeatsAllocated expired = orders.hold(eventId, buyer, 1);
        orders.overdue(expired.orderId());
        SeatsAllocated ranOut = orders.hold(eventId, buyer, 1);
        orders.overdue(ranOut.orderId());
        PaymentCalls.assertProblem(calls.pay(ranOut.orderId(), buyer, "k", VISA), 409, "order-not-payable");
        await().atMost(Duration.ofSeconds(10))
                .until(() -> orders.status(expired.orderId()).equals("EXPIRED"));

        for (SeatsAllocated order : new SeatsAllocated[] {cancelled, expired}) {
            PaymentCalls.assertProblem(calls.pay(order.orderId(), buyer, "k", VISA), 409, "order-not-payable");
            assertNothingStored(order.orderId(), buyer);
        }
        SeatsAllocated live = orders.hold(eventId, buyer, 1);
        assertThat(calls.pay(live.orderId(), buyer, "k", VISA).status()).isEqualTo(202);
    }

    @Test
    void bodiesCarryingACardNumberAreRefusedBeforeAnythingElseAndTheDigitsGoNowhere(CapturedOutput output) {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        String[][] cases = {
            {"{\"paymentMethod\": \"4111 1111 1111 1111\"}", "paymentMethod"},
            {"{\"paymentMethod\": \"tok_visa\", \"cardNumber\": \"4111111111111111\"}", "cardNumber"},
            {"{\"paymentMethod\": \"4111-1111-1111-1111\"}", "paymentMethod"},
            {"{\"paymentMethod\": \"tok_4111111111111111\"}", "paymentMethod"},
            {"{\"paymentMethod\": \"tok_visa\", \"card\": {\"number\": 4111111111111111}}", "card.number"},
            {"paymentMethod=4111111111111111", "body"}
        };
        for (String[] c : cases) {
            for (String key : new String[] {"k", null}) {
                TestHttp.Reply response = calls.pay(held.orderId(), buyer, key, c[0]);
                PaymentCalls.assertInvalid(response, c[1]);
                assertThat(response.body().replaceAll("[ -]", "")).doesNotContain("1111111111");
            }
        }
        PaymentCalls.assertInvalid(calls.pay(UUID.randomUUID(), buyer, "k", cases[0][0]), "paymentMethod");
        PaymentCalls.assertInvalid(calls.pay(held.orderId(), buyer, "4111111111111111", VISA), "Idempotency-Key");

        assertThat(orders.status(held.orderId())).isEqualTo("HELD");
        assertNothingStored(held.orderId(), buyer);
        assertThat(output.getAll()).contains("looks like a card number");
        assertThat(output.getAll().replaceAll("[ -]", "")).doesNotContain("4111111111111111");
    }

    private void assertNothingStored(UUID orderId, UUID session) {
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.payments WHERE order_id = ? OR session_id = ?",
                        Long.class,
                        orderId,
                        session))
                .isZero();
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.payment_idempotency WHERE session_id = ?", Long.class, session))
                .isZero();
    }
}
