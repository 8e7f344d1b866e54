package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.GateHeaders;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Holds refused before booking is asked, by the gate, the request's validation or the missing identity: each names its
 * problem and writes nothing it should not.
 */
@InventoryServiceTest
class HoldRefusalsIT extends HoldsOverHttp {

    @Test
    void aSessionWithALiveOrderCannotPlaceAnother() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            TestHttp.Reply first = client.hold(eventId, session, "{\"quantity\":1}");
            assertThat(first.status()).isEqualTo(201);
            String live = first.json().path("orderId").asString();

            TestHttp.Reply second = client.hold(eventId, session, "{\"quantity\":1}");

            assertThat(second.status()).isEqualTo(409);
            assertThat(second.problemType()).isEqualTo("/problems/order-already-live");
            assertThat(second.json().path("detail").asString())
                    .as("the detail names the live order and what to do")
                    .contains(live, "/api/orders/" + live + "/payments", "DELETE /api/orders/" + live)
                    .contains("if it has just ended");
            assertThat(second.header("Retry-After"))
                    .as("an order cancelled a moment ago reaches the gate through Kafka: when to ask again")
                    .isEqualTo("2");
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 1);
        }
    }

    @Test
    void moreSeatsThanMaxPerOrderIsUnprocessableAndTakesNothing() throws Exception {
        TestHttp.Reply response = client.hold(eventId, session, "{\"quantity\":5}");

        assertThat(response.status()).isEqualTo(422);
        assertThat(response.problemType()).isEqualTo("/problems/limit-exceeded");
        assertThat(response.json().path("detail").asString())
                .as("the detail says the limit and what was asked")
                .contains("5 seats", "at most 4");
        assertNothingWritten();
    }

    @Test
    void aSaleThatIsNotOpenRefusesHolds() throws Exception {
        jedis.set(InventoryKeys.saleState(eventId), "PAUSED");

        TestHttp.Reply response = client.hold(eventId, session, "{\"quantity\":1}");

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.problemType()).isEqualTo("/problems/sale-not-open");
        assertNothingWritten();
    }

    @Test
    void fewerSeatsFreeThanAskedForIsNotEnoughSeatsNamingHowManyAreAndNoRetryWhenNoneCanComeBack() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "1");

        TestHttp.Reply response = client.hold(eventId, session, "{\"quantity\":2}");

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.problemType()).as("a seat is left: not sold out").isEqualTo("/problems/not-enough-seats");
        assertThat(response.json().path("detail").asString())
                .isEqualTo("only 1 seat is free, fewer than the 2 asked for; ask for at most 1");
        assertThat(response.header("Retry-After"))
                .as("nothing held can come back")
                .isEmpty();
        assertThat(response.header(GateHeaders.AVAILABLE)).as("a seat is free").isEmpty();
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(1);
        assertThat(jedis.keys(InventoryKeys.prefix(eventId) + "order:*")).isEmpty();
    }

    @Test
    void everySeatHeldIsSoldOutForNowWithARetryAfterAndEverySeatSoldIsFinal() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "0");
        jedis.set(InventoryKeys.liveHolds(eventId), "3");

        TestHttp.Reply forNow = client.hold(eventId, session, "{\"quantity\":1}");

        assertThat(forNow.status()).isEqualTo(409);
        assertThat(forNow.problemType()).isEqualTo("/problems/sold-out");
        assertThat(forNow.header("Retry-After")).isEqualTo("5");
        assertThat(forNow.header(GateHeaders.AVAILABLE))
                .as("the gate's word, for the gateway's sold-out edge")
                .isEqualTo("0");
        assertThat(forNow.json().path("detail").asString())
                .isEqualTo("no seat is free right now; 3 seats are held by buyers who may not pay come back if they"
                        + " do not: try again after Retry-After");

        jedis.set(InventoryKeys.liveHolds(eventId), "0");
        TestHttp.Reply forGood = client.hold(eventId, session, "{\"quantity\":1}");

        assertThat(forGood.status()).isEqualTo(409);
        assertThat(forGood.problemType()).isEqualTo("/problems/sold-out");
        assertThat(forGood.header("Retry-After")).as("sold out for good").isEmpty();
        assertThat(forGood.header(GateHeaders.AVAILABLE)).isEqualTo("0");
        assertThat(forGood.json().path("detail").asString())
                .isEqualTo("every seat of this event is sold; none can come back");
    }

    /**
     * A well-formed seat id the event does not have is the buyer's mistake, not a seat someone else took: a 400 naming
     * it by its place in the body, and the gate's side restored. A seat another order has is named too.
     */
    @Test
    void aSeatTheEventDoesNotHaveIsABadRequestNamingItAndATakenSeatIsNamed() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            TestHttp.Reply unknown = client.hold(eventId, session, "{\"seatIds\":[\"A-1-1\",\"Z-9-9\"]}");

            assertThat(unknown.status()).isEqualTo(400);
            assertThat(unknown.problemType()).isEqualTo("/problems/invalid-request");
            assertThat(unknown.json().path("errors").get(0).path("field").asString())
                    .isEqualTo("seatIds[1]");
            assertThat(unknown.json().path("detail").asString())
                    .contains("Z-9-9 is not a seat of this event", "/api/events/" + eventId + "/seats");
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-1-1")))
                    .as("the known seat's claim is given back")
                    .isFalse();

            UUID other = UUID.randomUUID();
            assertThat(client.hold(eventId, other, "{\"seatIds\":[\"A-1-2\"]}").status())
                    .isEqualTo(201);
            // The gate forgets that claim (as after a loss of its store), so that booking is the one to refuse.
            jedis.del(InventoryKeys.seat(eventId, "A-1-2"));
            TestHttp.Reply taken = client.hold(eventId, session, "{\"seatIds\":[\"A-1-3\",\"A-1-2\"]}");

            assertThat(taken.status()).isEqualTo(409);
            assertThat(taken.problemType()).isEqualTo("/problems/seat-unavailable");
            assertThat(taken.json().path("detail").asString()).startsWith("A-1-2 is held or sold; nothing was held");
        }
    }

    @Test
    void anUnknownEventIsNotFound() throws Exception {
        TestHttp.Reply response = client.hold(UUID.randomUUID(), session, "{\"quantity\":1}");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.problemType()).isEqualTo("/problems/event-not-found");
    }

    @Test
    void badBodiesAreRefusedNamingTheFieldAndWriteNothing() throws Exception {
        Map<String, String> fieldOfBody = Map.ofEntries(
                Map.entry("{\"seatIds\":[\"A-1-1\"],\"quantity\":1}", "quantity"),
                Map.entry("{}", "seatIds"),
                Map.entry("{\"seatIds\":[]}", "seatIds"),
                Map.entry("{\"seatIds\":[\"A-1-1\",\"A-1-1\"]}", "seatIds[1]"),
                Map.entry("{\"seatIds\":[\"a-1-1\"]}", "seatIds[0]"),
                Map.entry("{\"seatIds\":[\"A-0-1\"]}", "seatIds[0]"),
                Map.entry("{\"seatIds\":[null]}", "seatIds[0]"),
                Map.entry("{\"quantity\":0}", "quantity"),
                Map.entry("{\"quantity\":\"2\"}", "quantity"),
                Map.entry("{\"quantity\":1.5}", "quantity"),
                Map.entry("{\"quantity\":1,\"priceCents\":1}", "priceCents"),
                Map.entry("{\"seatIds\":\"A-1-1\"}", "seatIds"),
                Map.entry("not json", "body"));
        for (var entry : fieldOfBody.entrySet()) {
            TestHttp.Reply response = client.hold(eventId, session, entry.getKey());

            assertThat(response.status()).as(entry.getKey()).isEqualTo(400);
            JsonNode problem = response.json();
            assertThat(problem.get("type").asString()).isEqualTo("/problems/invalid-request");
            assertThat(problem.get("errors").get(0).get("field").asString())
                    .as(entry.getKey())
                    .isEqualTo(entry.getValue());
        }
        for (String key : List.of("", "with space", "x".repeat(256))) {
            TestHttp.Reply response = client.hold(eventId, session, "{\"quantity\":1}", key);
            assertThat(response.status()).as("Idempotency-Key '%s'", key).isEqualTo(400);
            assertThat(response.json().get("errors").get(0).get("field").asString())
                    .isEqualTo("Idempotency-Key");
        }
        assertNothingWritten();
    }

    @Test
    void aHoldWithoutAdmissionIsForbiddenAndWithoutSessionUnauthorized() throws Exception {
        TestHttp.Reply noAdmission =
                client.request(eventId, "{\"quantity\":1}").buyer(session).send();
        TestHttp.Reply noSession = client.request(eventId, "{\"quantity\":1}")
                .admission(UUID.randomUUID())
                .send();

        assertThat(noAdmission.status()).isEqualTo(403);
        assertThat(noAdmission.problemType()).isEqualTo("/problems/admission-required");
        assertThat(noSession.status()).isEqualTo(401);
        assertNothingWritten();
    }
}
