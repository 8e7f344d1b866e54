package dev.onsale.booking.order.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.booking.order.OrderTransitions;
import dev.onsale.booking.order.PaymentOutcomes;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.testing.TestHttp;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@BookingServiceTest
class OrderControllerIT {

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    OrderTransitions transitions;

    @Autowired
    PaymentOutcomes payments;

    TestHttp http;
    PlacedOrders orders;
    UUID eventId;
    UUID buyer;

    @BeforeEach
    void setUp() {
        http = BookingCalls.at(port);
        orders = new PlacedOrders(allocation, jdbc);
        eventId = OpenEvents.create(http, "Orders API", 1, 10, 600, 4);
        buyer = UUID.randomUUID();
    }

    @Test
    void theOwningSessionSeesItsOrderAndEveryoneElseGetsNotFound() {
        SeatsAllocated held = orders.hold(eventId, buyer, 2);

        TestHttp.Reply own =
                http.get("/api/orders/" + held.orderId()).buyer(buyer).send();
        assertThat(own.status()).isEqualTo(200);
        JsonNode body = own.json();
        assertThat(body.propertyNames())
                .containsExactlyInAnyOrder(
                        "orderId", "eventId", "status", "seatIds", "amountCents", "currency", "expiresAt", "tickets");
        assertThat(body.get("orderId").asString()).isEqualTo(held.orderId().toString());
        assertThat(body.get("eventId").asString()).isEqualTo(eventId.toString());
        assertThat(body.get("status").asString()).isEqualTo("HELD");
        assertThat(body.get("seatIds").valueStream().map(JsonNode::asString)).containsExactlyElementsOf(held.seatIds());
        assertThat(body.get("amountCents").asLong()).isEqualTo(10_000);
        assertThat(body.get("currency").asString()).isEqualTo("EUR");
        assertThat(Instant.parse(body.get("expiresAt").asString())).isEqualTo(held.expiresAt());
        assertThat(body.get("tickets").isEmpty()).isTrue();

        for (String path : new String[] {"/api/orders/" + UUID.randomUUID(), "/api/orders/not-a-uuid"}) {
            assertNotFound(http.get(path).buyer(buyer).send());
        }
        assertNotFound(http.get("/api/orders/" + held.orderId())
                .buyer(UUID.randomUUID())
                .send());
        assertThat(http.get("/api/orders/" + held.orderId()).send().status()).isEqualTo(401);
    }

    @Test
    void aConfirmedOrderShowsOneTicketPerSeat() {
        SeatsAllocated held = orders.hold(eventId, buyer, 2);
        payments.apply(UUID.randomUUID(), new PaymentSucceeded(held.orderId(), UUID.randomUUID(), 10_000, "EUR"));

        JsonNode body =
                http.get("/api/orders/" + held.orderId()).buyer(buyer).send().json();
        assertThat(body.get("status").asString()).isEqualTo("CONFIRMED");
        assertThat(body.propertyNames()).doesNotContain("expiresAt", "failureReason");
        assertThat(body.get("tickets").valueStream().map(t -> t.get("seatId").asString()))
                .containsExactlyElementsOf(held.seatIds());
        assertThat(body.get("tickets").valueStream().map(t -> t.get("ticketId").asString()))
                .doesNotHaveDuplicates();
    }

    @Test
    void aPaymentPendingOrderShowsThePaymentsDeadlineNotItsHolds() {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        transitions.startPayment(held.orderId()).orElseThrow();

        JsonNode body =
                http.get("/api/orders/" + held.orderId()).buyer(buyer).send().json();
        assertThat(body.get("status").asString()).isEqualTo("PAYMENT_PENDING");
        assertThat(Instant.parse(body.get("expiresAt").asString()))
                .isEqualTo(jdbc.queryForObject(
                                "SELECT payment_deadline FROM booking.orders WHERE id = ?",
                                Timestamp.class,
                                held.orderId())
                        .toInstant())
                .isNotEqualTo(held.expiresAt());
        assertThat(body.propertyNames()).doesNotContain("failureReason");
    }

    @Test
    void aFailedPaymentsOrderSaysWhyTheProviderFailedItAndFinalOrdersHaveNoDeadline() {
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        TestHttp.Reply accepted = http.post(
                        "/api/orders/" + held.orderId() + "/payments", "{\"paymentMethod\": \"tok_nosuchcard\"}")
                .buyer(buyer)
                .idempotencyKey(UUID.randomUUID().toString())
                .send();
        assertThat(accepted.status()).isEqualTo(202);
        payments.apply(
                UUID.randomUUID(),
                new PaymentFailed(
                        held.orderId(),
                        UUID.fromString(accepted.json().get("paymentId").asString()),
                        "unknown_payment_method"));

        JsonNode failed =
                http.get("/api/orders/" + held.orderId()).buyer(buyer).send().json();
        assertThat(failed.get("status").asString()).isEqualTo("PAYMENT_FAILED");
        assertThat(failed.get("failureReason").asString()).isEqualTo("unknown_payment_method");
        assertThat(failed.propertyNames()).doesNotContain("expiresAt");

        SeatsAllocated cancelled = orders.hold(eventId, buyer, 1);
        http.delete("/api/orders/" + cancelled.orderId()).buyer(buyer).send();
        SeatsAllocated expired = orders.hold(eventId, buyer, 1);
        orders.overdue(expired.orderId());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> orders.status(expired.orderId()).equals("EXPIRED"));
        for (SeatsAllocated ended : new SeatsAllocated[] {cancelled, expired}) {
            JsonNode body = http.get("/api/orders/" + ended.orderId())
                    .buyer(buyer)
                    .send()
                    .json();
            assertThat(body.get("status").asString()).isIn("CANCELLED", "EXPIRED");
            assertThat(body.propertyNames()).doesNotContain("expiresAt", "failureReason");
        }
    }

    @Test
    void deletingAHeldOrderCancelsItFreesItsSeatsAndRepeatingItIsStill204() {
        SeatsAllocated held = orders.hold(eventId, buyer, 2);

        assertNotFound(http.delete("/api/orders/" + held.orderId())
                .buyer(UUID.randomUUID())
                .send());
        assertThat(orders.status(held.orderId())).isEqualTo("HELD");
        assertThat(http.delete("/api/orders/" + held.orderId())
                        .buyer(buyer)
                        .send()
                        .status())
                .isEqualTo(204);
        assertThat(orders.status(held.orderId())).isEqualTo("CANCELLED");
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("FREE");
        assertThat(http.delete("/api/orders/" + held.orderId())
                        .buyer(buyer)
                        .send()
                        .status())
                .isEqualTo(204);
        assertNotFound(
                http.delete("/api/orders/" + UUID.randomUUID()).buyer(buyer).send());
        assertNotFound(http.delete("/api/orders/%20x").buyer(buyer).send());
        assertThat(http.get("/api/orders/" + held.orderId())
                        .buyer(buyer)
                        .send()
                        .json()
                        .get("status")
                        .asString())
                .isEqualTo("CANCELLED");
    }

    @Test
    void ordersPastHoldingCannotBeCancelled() {
        SeatsAllocated paying = orders.hold(eventId, buyer, 1);
        transitions.startPayment(paying.orderId()).orElseThrow();
        SeatsAllocated expired = orders.hold(eventId, buyer, 1);
        orders.overdue(expired.orderId());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> orders.status(expired.orderId()).equals("EXPIRED"));

        for (SeatsAllocated order : new SeatsAllocated[] {paying, expired}) {
            TestHttp.Reply response =
                    http.delete("/api/orders/" + order.orderId()).buyer(buyer).send();
            assertThat(response.status()).isEqualTo(409);
            assertThat(response.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/order-not-cancellable");
        }
        assertThat(orders.status(paying.orderId())).isEqualTo("PAYMENT_PENDING");
        assertThat(orders.seatStatuses(paying.orderId())).containsOnly("HELD");
    }

    private static void assertNotFound(TestHttp.Reply response) {
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/order-not-found");
    }
}
