package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.system.SaleFixture.Buyer;
import dev.onsale.testing.TestHttp;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;

/**
 * A buyer's side of paying through the gateway: events whose orders are kept track of, holds, payment requests,
 * the order's status as the buyer and the database see it, and payment webhooks with or without a signature.
 */
final class PaymentsDriver {

    /** A held order of a new buyer: what it costs and which seats it holds. */
    record Held(UUID eventId, Buyer buyer, UUID orderId, long amountCents, List<String> seatIds) {

        String path() {
            return "/api/orders/" + orderId;
        }
    }

    private final SaleFixture fixture;
    private final TestHttp gateway;
    /** Every event created here: {@link #ordersOfTheseEvents()} covers all their orders. */
    private final Set<UUID> events;

    PaymentsDriver(SaleFixture fixture, Set<UUID> events) {
        this.fixture = fixture;
        this.gateway = fixture.gateway;
        this.events = events;
    }

    /** A general-admission event of {@code quantity} seats, named {@code name} and a random suffix. */
    UUID event(String name, int quantity, int priceCents) {
        UUID eventId = fixture.generalAdmissionEvent(name + " " + UUID.randomUUID(), quantity, priceCents, 600);
        events.add(eventId);
        return eventId;
    }

    /** {@code quantity} seats held by a new buyer, answered 201. */
    Held hold(UUID eventId, int quantity) {
        Buyer buyer = fixture.newBuyer();
        var answer = fixture.hold(eventId, buyer, "{\"quantity\":" + quantity + "}");
        assertThat(answer.status()).as("hold: %s", answer).isEqualTo(201);
        JsonNode json = answer.json();
        var seats = new ArrayList<String>();
        json.path("seatIds").forEach(seat -> seats.add(seat.asString()));
        return new Held(
                eventId,
                buyer,
                UUID.fromString(json.path("orderId").asString()),
                json.path("amountCents").asLong(),
                List.copyOf(seats));
    }

    TestHttp.Reply pay(Held held, String idempotencyKey, String paymentMethod) {
        return gateway.post(held.path() + "/payments", Map.of("paymentMethod", paymentMethod))
                .bearer(held.buyer().sessionToken())
                .idempotencyKey(idempotencyKey)
                .send();
    }

    /** {@code GET /api/orders/{orderId}} as the order's buyer. */
    TestHttp.Reply order(Held held) {
        return gateway.get(held.path()).bearer(held.buyer().sessionToken()).send();
    }

    /** The order's status as its buyer reads it. */
    String orderStatus(Held held) {
        var order = order(held);
        assertThat(order.status()).as("GET order: %s", order).isEqualTo(200);
        return order.json().path("status").asString();
    }

    void awaitOrderStatus(Held held, String status, Duration atMost) {
        await().atMost(atMost)
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> assertThat(orderStatus(held)).isEqualTo(status));
    }

    String orderStatusInTheDatabase(Held held) throws SQLException {
        return fixture.strings("SELECT status FROM booking.orders WHERE id = ?", held.orderId())
                .getFirst();
    }

    /** The orders of the events created here that are in {@code status}. */
    List<String> ordersInStatus(String status) throws SQLException {
        var found = new ArrayList<String>();
        for (var order : ordersOfTheseEvents().entrySet()) {
            if (order.getValue().equals(status)) {
                found.add(order.getKey().toString());
            }
        }
        return found;
    }

    /** Every order of the events created here, with its status. */
    Map<UUID, String> ordersOfTheseEvents() throws SQLException {
        var orders = new HashMap<UUID, String>();
        for (UUID eventId : events) {
            for (String row :
                    fixture.strings("SELECT id || ' ' || status FROM booking.orders WHERE event_id = ?", eventId)) {
                String[] parts = row.split(" ");
                orders.put(UUID.fromString(parts[0]), parts[1]);
            }
        }
        return orders;
    }

    /** A payment webhook through the gateway, with {@code signature} as its Onsale-Signature (null: none). */
    TestHttp.Reply webhook(String body, String signature) {
        return signature == null
                ? gateway.post("/webhooks/payments", body).send()
                : gateway.post("/webhooks/payments", body)
                        .header("Onsale-Signature", signature)
                        .send();
    }

    /** The hex HMAC-SHA256 of {@code payload} with {@code secret}, as a webhook signature's v1. */
    static String hmac(String secret, String payload) throws Exception {
        var mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
    }
}
