package dev.onsale.booking.order.web;

import static dev.onsale.booking.BookingHttp.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingHttp;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.booking.order.OrderTransitions;
import dev.onsale.booking.order.PaymentOutcomes;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.SeatsAllocated;
import java.net.http.HttpResponse;
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

    BookingHttp http;
    PlacedOrders orders;
    UUID eventId;
    UUID buyer;

    @BeforeEach
    void setUp() {
        http = new BookingHttp(port);
        orders = new PlacedOrders(allocation, jdbc);
        eventId = OpenEvents.create(http, "Orders API", 1, 10, 600, 4);
        buyer = UUID.randomUUID();
    }

    @Test
    void theOwningSessionSeesItsOrderAndEveryoneElseGetsNotFound() {
        SeatsAllocated held = orders.hold(eventId, buyer, 2);

        HttpResponse<String> own = http.asBuyer("GET", "/api/orders/" + held.orderId(), buyer);
        assertThat(own.statusCode()).isEqualTo(200);
        JsonNode body = json(own);
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
            assertNotFound(http.asBuyer("GET", path, buyer));
        }
        assertNotFound(http.asBuyer("GET", "/api/orders/" + held.orderId(), UUID.randomUUID()));
        assertThat(http.asBuyer("GET", "/api/orders/" + held.orderId(), null).statusCode())
                .isEqualTo(401);
    }

    @Test
    void aConfirmedOrderShowsOneTicketPerSeat() {
        SeatsAllocated held = orders.hold(eventId, buyer, 2);
        payments.apply(UUID.randomUUID(), new PaymentSucceeded(held.orderId(), UUID.randomUUID(), 10_000, "EUR"));

        JsonNode body = json(http.asBuyer("GET", "/api/orders/" + held.orderId(), buyer));
        assertThat(body.get("status").asString()).isEqualTo("CONFIRMED");
        assertThat(body.get("tickets").valueStream().map(t -> t.get("seatId").asString()))
                .containsExactlyElementsOf(held.seatIds());
        assertThat(body.get("tickets").valueStream().map(t -> t.get("ticketId").asString()))
                .doesNotHaveDuplicates();
    }

    @Test
    void deletingAHeldOrderCancelsItFreesItsSeatsAndRepeatingItIsStill204() {
        SeatsAllocated held = orders.hold(eventId, buyer, 2);

        assertNotFound(http.asBuyer("DELETE", "/api/orders/" + held.orderId(), UUID.randomUUID()));
        assertThat(orders.status(held.orderId())).isEqualTo("HELD");
        assertThat(http.asBuyer("DELETE", "/api/orders/" + held.orderId(), buyer)
                        .statusCode())
                .isEqualTo(204);
        assertThat(orders.status(held.orderId())).isEqualTo("CANCELLED");
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("FREE");
        assertThat(http.asBuyer("DELETE", "/api/orders/" + held.orderId(), buyer)
                        .statusCode())
                .isEqualTo(204);
        assertNotFound(http.asBuyer("DELETE", "/api/orders/" + UUID.randomUUID(), buyer));
        assertNotFound(http.asBuyer("DELETE", "/api/orders/%20x", buyer));
        assertThat(json(http.asBuyer("GET", "/api/orders/" + held.orderId(), buyer))
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
            HttpResponse<String> response = http.asBuyer("DELETE", "/api/orders/" + order.orderId(), buyer);
            assertThat(response.statusCode()).isEqualTo(409);
            assertThat(response.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
            assertThat(json(response).get("type").asString()).isEqualTo("/problems/order-not-cancellable");
        }
        assertThat(orders.status(paying.orderId())).isEqualTo("PAYMENT_PENDING");
        assertThat(orders.seatStatuses(paying.orderId())).containsOnly("HELD");
    }

    private static void assertNotFound(HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/order-not-found");
    }
}
