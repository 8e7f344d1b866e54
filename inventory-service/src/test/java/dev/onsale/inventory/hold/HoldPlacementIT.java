package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A hold that booking allocates or refuses: what the buyer is answered, what the gate keeps, and what is measured. */
@InventoryServiceTest
class HoldPlacementIT extends HoldsOverHttp {

    @Test
    void anAllocatedHoldIsAnsweredWithItsSeatsAndStartsItsTimer() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            long started = System.nanoTime();
            TestHttp.Reply response = client.hold(eventId, session, "{\"seatIds\":[\"A-1-3\",\"A-1-4\"]}");
            System.out.printf("one hold answered in %d ms%n", (System.nanoTime() - started) / 1_000_000);

            assertThat(response.status()).isEqualTo(201);
            JsonNode body = response.json();
            UUID orderId = UUID.fromString(body.get("orderId").asString());
            assertThat(response.headers().firstValue("Location")).contains("/api/orders/" + orderId);
            assertThat(body.get("seatIds").toString()).isEqualTo("[\"A-1-3\",\"A-1-4\"]");
            assertThat(body.get("amountCents").asLong()).isEqualTo(2 * FakeBooking.PRICE_CENTS);
            assertThat(body.get("currency").asString()).isEqualTo("EUR");
            assertThat(body.get("expiresAt").asString()).isNotBlank();
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
            assertThat(jedis.get(InventoryKeys.seat(eventId, "A-1-3"))).isEqualTo(orderId.toString());
            assertThat(jedis.ttl(InventoryKeys.holdTimer(eventId, orderId))).isBetween(590L, 600L);
            assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state"))
                    .isEqualTo("HELD");
        }
    }

    @Test
    void theHoldPathIsMeasured() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            assertThat(client.hold(eventId, session, "{\"quantity\":1}").status())
                    .isEqualTo(201);
            assertThat(client.hold(eventId, UUID.randomUUID(), "{\"quantity\":9}")
                            .status())
                    .isEqualTo(422);
        }

        String metrics = TestHttp.at(port)
                .get("/actuator/prometheus")
                .header("Accept", "text/plain")
                .send()
                .body();

        assertThat(metrics)
                .contains(
                        "onsale_holds_placed_total",
                        "onsale_holds_timeouts_total",
                        "onsale_holds_refused_total{application=\"inventory-service\",reason=\"limit_exceeded\",stage=\"gate\"}",
                        "onsale_hold_latency_seconds_bucket{application=\"inventory-service\",stage=\"gate\"",
                        "onsale_hold_latency_seconds_count{application=\"inventory-service\",stage=\"end_to_end\"}",
                        "onsale_holds_active{application=\"inventory-service\",eventId=\"" + eventId + "\"} 1.0",
                        "onsale_seats_available{application=\"inventory-service\",eventId=\"" + eventId + "\"} "
                                + (CAPACITY - 1) + ".0",
                        "onsale_seats_capacity{application=\"inventory-service\",eventId=\"" + eventId + "\"} "
                                + CAPACITY + ".0");
    }

    @Test
    void aQuantityHoldClaimsTheSeatsTheDatabaseAllocated() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            TestHttp.Reply response = client.hold(eventId, session, "{\"quantity\":3}");

            assertThat(response.status()).isEqualTo(201);
            UUID orderId = UUID.fromString(response.json().get("orderId").asString());
            assertThat(booking.allocations().get(orderId)).containsExactly("A-1-1", "A-1-2", "A-1-3");
            for (String seat : booking.allocations().get(orderId)) {
                assertThat(jedis.get(InventoryKeys.seat(eventId, seat))).isEqualTo(orderId.toString());
            }
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 3);
        }
    }

    @Test
    void aRefusedAllocationIsAConflictAndRestoresTheGateAtOnce() throws Exception {
        try (var booking = FakeBooking.answering(
                bootstrap,
                eventId,
                command -> Optional.of(new AllocationRefused(
                        command.orderId(), eventId, AllocationRefused.Reason.SEAT_UNAVAILABLE)))) {
            TestHttp.Reply response = client.hold(eventId, session, "{\"seatIds\":[\"A-1-1\",\"A-1-2\"]}");

            assertThat(response.status()).isEqualTo(409);
            assertThat(response.problemType()).isEqualTo("/problems/seat-unavailable");
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-1-1"))).isFalse();
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
        }
    }
}
