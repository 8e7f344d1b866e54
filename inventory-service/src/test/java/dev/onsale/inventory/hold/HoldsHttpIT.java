package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.CancelAllocation;
import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.inventory.InventoryKeys;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import redis.clients.jedis.JedisPooled;
import tools.jackson.databind.JsonNode;

@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HoldsHttpIT {

    private static final int CAPACITY = 20;

    @LocalServerPort
    int port;

    @Autowired
    JedisPooled jedis;

    @Autowired
    Gate gate;

    private HoldClient client;
    private String bootstrap;
    private UUID eventId;
    private final UUID session = UUID.randomUUID();

    @BeforeEach
    void setUp(Engines engines) {
        client = new HoldClient(port);
        bootstrap = engines.kafkaBootstrap();
        eventId = TestEvents.open(jedis, CAPACITY, 4);
        Readiness.awaitReady(port);
    }

    @Test
    void anAllocatedHoldIsAnsweredWithItsSeatsAndStartsItsTimer() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            long started = System.nanoTime();
            HttpResponse<String> response = client.hold(eventId, session, "{\"seatIds\":[\"A-1-3\",\"A-1-4\"]}");
            System.out.printf("one hold answered in %d ms%n", (System.nanoTime() - started) / 1_000_000);

            assertThat(response.statusCode()).isEqualTo(201);
            JsonNode body = HoldClient.json(response);
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
            assertThat(client.hold(eventId, session, "{\"quantity\":1}").statusCode())
                    .isEqualTo(201);
            assertThat(client.hold(eventId, UUID.randomUUID(), "{\"quantity\":9}")
                            .statusCode())
                    .isEqualTo(422);
        }

        String metrics = client.send(HttpRequest.newBuilder(
                        java.net.URI.create("http://localhost:" + port + "/actuator/prometheus")))
                .body();

        assertThat(metrics)
                .contains(
                        "onsale_holds_placed_total",
                        "onsale_holds_timeouts_total",
                        "onsale_holds_refused_total{application=\"inventory-service\",reason=\"limit_exceeded\",stage=\"gate\"}",
                        "onsale_hold_latency_seconds_bucket{application=\"inventory-service\",stage=\"gate\"",
                        "onsale_hold_latency_seconds_count{application=\"inventory-service\",stage=\"end_to_end\"}",
                        "onsale_holds_active{application=\"inventory-service\",eventId=\"" + eventId + "\"} 1.0");
    }

    @Test
    void aQuantityHoldClaimsTheSeatsTheDatabaseAllocated() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            HttpResponse<String> response = client.hold(eventId, session, "{\"quantity\":3}");

            assertThat(response.statusCode()).isEqualTo(201);
            UUID orderId =
                    UUID.fromString(HoldClient.json(response).get("orderId").asString());
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
            HttpResponse<String> response = client.hold(eventId, session, "{\"seatIds\":[\"A-1-1\",\"A-1-2\"]}");

            assertThat(response.statusCode()).isEqualTo(409);
            assertThat(HoldClient.problemType(response)).isEqualTo("/problems/seat-unavailable");
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-1-1"))).isFalse();
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
        }
    }

    @Test
    void aReplyThatNeverComesIsA503WithRetryAfterACancelAllocationAndNothingHeld() throws Exception {
        try (var booking = FakeBooking.answering(bootstrap, eventId, command -> Optional.empty())) {
            long started = System.nanoTime();
            HttpResponse<String> response = client.hold(eventId, session, "{\"seatIds\":[\"A-2-1\"]}", "retry-1");
            long waited = (System.nanoTime() - started) / 1_000_000;

            assertThat(response.statusCode()).isEqualTo(503);
            assertThat(waited).isGreaterThanOrEqualTo(4_900);
            assertThat(response.headers().firstValue("Retry-After")).isPresent();
            assertThat(HoldClient.problemType(response)).isEqualTo("/problems/service-unavailable");
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-2-1"))).isFalse();
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> booking.cancellations().size() == 1);
            CancelAllocation cancel = booking.cancellations().getFirst();
            assertThat(booking.received().getFirst().orderId()).isEqualTo(cancel.orderId());
            assertThat(jedis.hget(InventoryKeys.order(eventId, cancel.orderId()), "state"))
                    .isEqualTo("TIMED_OUT");
        }
    }

    @Test
    void aRequestThatCannotFinishBeforeTheGatewaysDeadlineIsA503ThatTakesNothing() throws Exception {
        try (var booking = FakeBooking.answering(bootstrap, eventId, command -> Optional.empty())) {
            // less time left than the margin: answered at once, the gate untouched
            HttpResponse<String> late = holdWithDeadlineIn(500);
            assertThat(late.statusCode()).isEqualTo(503);
            assertThat(late.headers().firstValue("Retry-After")).isPresent();
            assertNothingWritten();

            // 2.5 s left: the reply wait shrinks to 1.5 s (margin 1 s), then the gate's side is released
            long started = System.nanoTime();
            HttpResponse<String> bounded = holdWithDeadlineIn(2_500);
            long waited = (System.nanoTime() - started) / 1_000_000;
            assertThat(bounded.statusCode()).isEqualTo(503);
            assertThat(waited).isBetween(1_000L, 2_500L);
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> booking.cancellations().size() == 1);
        }
    }

    @Test
    void aRetryWithTheSameIdempotencyKeyGetsTheSameOrderAlsoWhenSentConcurrently() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            List<Future<HttpResponse<String>>> concurrent = new ArrayList<>();
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 10; i++) {
                    concurrent.add(threads.submit(() -> client.hold(eventId, session, "{\"quantity\":2}", "key-1")));
                }
            }
            HttpResponse<String> retry = client.hold(eventId, session, "{\"quantity\":2}", "key-1");

            Set<String> orders = new java.util.HashSet<>();
            for (Future<HttpResponse<String>> response : concurrent) {
                assertThat(response.get().statusCode()).isEqualTo(201);
                orders.add(HoldClient.json(response.get()).get("orderId").asString());
            }
            assertThat(retry.statusCode()).isEqualTo(201);
            orders.add(HoldClient.json(retry).get("orderId").asString());
            assertThat(orders).hasSize(1);
            assertThat(booking.allocations()).hasSize(1);
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
        }
    }

    @Test
    void theSameKeyWithAnotherBodyIsUnprocessableAndTakesNothingMore() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            HttpResponse<String> first =
                    client.hold(eventId, session, "{\"seatIds\":[\"A-1-3\",\"A-1-4\"]}", "key-body");
            assertThat(first.statusCode()).isEqualTo(201);
            String orderId = HoldClient.json(first).get("orderId").asString();

            for (String other :
                    List.of("{\"seatIds\":[\"A-1-3\",\"A-1-5\"]}", "{\"quantity\":2}", "{\"seatIds\":[\"A-1-3\"]}")) {
                HttpResponse<String> reused = client.hold(eventId, session, other, "key-body");
                assertThat(reused.statusCode()).as(other).isEqualTo(422);
                assertThat(HoldClient.problemType(reused)).isEqualTo("/problems/idempotency-key-reused");
                assertThat(HoldClient.json(reused).get("detail").asString()).contains(orderId);
            }
            HttpResponse<String> sameSeatsOtherOrder =
                    client.hold(eventId, session, "{\"seatIds\":[\"A-1-4\",\"A-1-3\"]}", "key-body");
            assertThat(sameSeatsOtherOrder.statusCode())
                    .as("the same seats are the same request")
                    .isEqualTo(201);
            assertThat(HoldClient.json(sameSeatsOtherOrder).get("orderId").asString())
                    .isEqualTo(orderId);
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
            assertThat(booking.allocations()).hasSize(1);
            assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-1-5"))).isFalse();
        }
    }

    @Test
    void aReplayOfAHoldThatEndedIsAConflictNeverA201() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            HttpResponse<String> cancelledFirst = client.hold(eventId, session, "{\"quantity\":1}", "key-cancelled");
            UUID cancelled = UUID.fromString(
                    HoldClient.json(cancelledFirst).get("orderId").asString());
            assertThat(gate.release(eventId, cancelled, "CANCELLED")).isTrue();

            HttpResponse<String> replayOfCancelled = client.hold(eventId, session, "{\"quantity\":1}", "key-cancelled");
            assertThat(replayOfCancelled.statusCode()).isEqualTo(409);
            assertThat(HoldClient.problemType(replayOfCancelled)).isEqualTo("/problems/hold-ended");
            assertThat(HoldClient.json(replayOfCancelled).get("detail").asString())
                    .contains(cancelled.toString(), "cancelled");

            UUID buyer = UUID.randomUUID();
            HttpResponse<String> paidFirst = client.hold(eventId, buyer, "{\"quantity\":1}", "key-paid");
            UUID paid =
                    UUID.fromString(HoldClient.json(paidFirst).get("orderId").asString());
            assertThat(gate.convert(eventId, paid)).isTrue();
            HttpResponse<String> replayOfPaid = client.hold(eventId, buyer, "{\"quantity\":1}", "key-paid");
            assertThat(replayOfPaid.statusCode()).isEqualTo(409);
            assertThat(HoldClient.json(replayOfPaid).get("detail").asString()).contains(paid.toString(), "paid");

            assertThat(TestEvents.available(jedis, eventId))
                    .as("only the paid seat is gone")
                    .isEqualTo(CAPACITY - 1);
            assertThat(booking.allocations()).hasSize(2);
        }
    }

    @Test
    void aSessionWithALiveOrderCannotPlaceAnother() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            assertThat(client.hold(eventId, session, "{\"quantity\":1}").statusCode())
                    .isEqualTo(201);

            HttpResponse<String> second = client.hold(eventId, session, "{\"quantity\":1}");

            assertThat(second.statusCode()).isEqualTo(409);
            assertThat(HoldClient.problemType(second)).isEqualTo("/problems/order-already-live");
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 1);
        }
    }

    @Test
    void moreSeatsThanMaxPerOrderIsUnprocessableAndTakesNothing() throws Exception {
        HttpResponse<String> response = client.hold(eventId, session, "{\"quantity\":5}");

        assertThat(response.statusCode()).isEqualTo(422);
        assertThat(HoldClient.problemType(response)).isEqualTo("/problems/limit-exceeded");
        assertNothingWritten();
    }

    @Test
    void aSaleThatIsNotOpenRefusesHolds() throws Exception {
        jedis.set(InventoryKeys.saleState(eventId), "PAUSED");

        HttpResponse<String> response = client.hold(eventId, session, "{\"quantity\":1}");

        assertThat(response.statusCode()).isEqualTo(409);
        assertThat(HoldClient.problemType(response)).isEqualTo("/problems/sale-not-open");
        assertNothingWritten();
    }

    @Test
    void nothingLeftAtTheGateIsSoldOut() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "1");

        HttpResponse<String> response = client.hold(eventId, session, "{\"quantity\":2}");

        assertThat(response.statusCode()).isEqualTo(409);
        assertThat(HoldClient.problemType(response)).isEqualTo("/problems/sold-out");
    }

    @Test
    void anUnknownEventIsNotFound() throws Exception {
        HttpResponse<String> response = client.hold(UUID.randomUUID(), session, "{\"quantity\":1}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(HoldClient.problemType(response)).isEqualTo("/problems/event-not-found");
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
            HttpResponse<String> response = client.hold(eventId, session, entry.getKey());

            assertThat(response.statusCode()).as(entry.getKey()).isEqualTo(400);
            JsonNode problem = HoldClient.json(response);
            assertThat(problem.get("type").asString()).isEqualTo("/problems/invalid-request");
            assertThat(problem.get("errors").get(0).get("field").asString())
                    .as(entry.getKey())
                    .isEqualTo(entry.getValue());
        }
        for (String key : List.of("", "with space", "x".repeat(256))) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(client.uri(eventId))
                    .header("Content-Type", "application/json")
                    .header(IdentityHeaders.BUYER, session.toString())
                    .header(IdentityHeaders.ADMISSION, UUID.randomUUID().toString())
                    .header("Idempotency-Key", key)
                    .POST(HttpRequest.BodyPublishers.ofString("{\"quantity\":1}")));
            assertThat(response.statusCode()).as("Idempotency-Key '%s'", key).isEqualTo(400);
            assertThat(HoldClient.json(response)
                            .get("errors")
                            .get(0)
                            .get("field")
                            .asString())
                    .isEqualTo("Idempotency-Key");
        }
        assertNothingWritten();
    }

    @Test
    void aHoldWithoutAdmissionIsForbiddenAndWithoutSessionUnauthorized() throws Exception {
        HttpResponse<String> noAdmission = client.send(HttpRequest.newBuilder(client.uri(eventId))
                .header("Content-Type", "application/json")
                .header(IdentityHeaders.BUYER, session.toString())
                .POST(HttpRequest.BodyPublishers.ofString("{\"quantity\":1}")));
        HttpResponse<String> noSession = client.send(HttpRequest.newBuilder(client.uri(eventId))
                .header("Content-Type", "application/json")
                .header(IdentityHeaders.ADMISSION, UUID.randomUUID().toString())
                .POST(HttpRequest.BodyPublishers.ofString("{\"quantity\":1}")));

        assertThat(noAdmission.statusCode()).isEqualTo(403);
        assertThat(HoldClient.problemType(noAdmission)).isEqualTo("/problems/admission-required");
        assertThat(noSession.statusCode()).isEqualTo(401);
        assertNothingWritten();
    }

    /** Two seats, as the gateway forwards them when it stops waiting {@code millis} from now. */
    private HttpResponse<String> holdWithDeadlineIn(long millis) throws Exception {
        return client.send(HttpRequest.newBuilder(client.uri(eventId))
                .header("Content-Type", "application/json")
                .header(IdentityHeaders.BUYER, session.toString())
                .header(IdentityHeaders.ADMISSION, UUID.randomUUID().toString())
                .header(IdentityHeaders.DEADLINE, String.valueOf(System.currentTimeMillis() + millis))
                .POST(HttpRequest.BodyPublishers.ofString("{\"quantity\":2}")));
    }

    private void assertNothingWritten() {
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
        assertThat(jedis.keys(InventoryKeys.prefix(eventId) + "order:*")).isEmpty();
        assertThat(jedis.keys(InventoryKeys.prefix(eventId) + "session:*")).isEmpty();
        assertThat(jedis.keys(InventoryKeys.prefix(eventId) + "idempotency:*")).isEmpty();
        assertThat(jedis.exists(InventoryKeys.outbox(eventId))).isFalse();
    }
}
