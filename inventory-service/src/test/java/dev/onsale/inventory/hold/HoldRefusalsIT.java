package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

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
                    .contains(live, "/api/orders/" + live + "/payments", "DELETE /api/orders/" + live);
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
    void fewerSeatsFreeThanAskedForIsSoldOutNamingHowManyAreAndNoRetryWhenNoneCanComeBack() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "1");

        TestHttp.Reply response = client.hold(eventId, session, "{\"quantity\":2}");

        assertThat(response.status()).isEqualTo(409);
        assertThat(response.problemType()).isEqualTo("/problems/sold-out");
        assertThat(response.json().path("detail").asString())
                .isEqualTo("only 1 seat is free, fewer than asked for; ask for at most 1");
        assertThat(response.header("Retry-After"))
                .as("nothing held can come back")
                .isEmpty();
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
        assertThat(forNow.json().path("detail").asString())
                .isEqualTo("no seat is free right now; 3 seats are held by buyers who may not pay come back if they"
                        + " do not: try again after Retry-After");

        jedis.set(InventoryKeys.liveHolds(eventId), "0");
        TestHttp.Reply forGood = client.hold(eventId, session, "{\"quantity\":1}");

        assertThat(forGood.status()).isEqualTo(409);
        assertThat(forGood.problemType()).isEqualTo("/problems/sold-out");
        assertThat(forGood.header("Retry-After")).as("sold out for good").isEmpty();
        assertThat(forGood.json().path("detail").asString())
                .isEqualTo("every seat of this event is sold; none can come back");
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
