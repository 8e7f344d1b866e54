package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.engines.Engines;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.inventory.hold.RaceHarness.Outcome;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import redis.clients.jedis.JedisPooled;
import tools.jackson.databind.JsonNode;

/** The gate script under 5,000 simultaneous buyers, and the naive check-then-act it replaces. */
@InventoryServiceTest
class GateRaceIT {

    static final int CAPACITY = 800;
    static final int ATTEMPTS = 5000;
    static final int HOT_SEATS = 200;
    static final int NAIVE_RUNS = 10;

    static final int HTTP_IN_FLIGHT = 1000;
    static final int WARM_UP_REQUESTS = 600;

    @LocalServerPort
    int port;

    @Autowired
    Gate gate;

    @Autowired
    JedisPooled jedis;

    @Test
    void fiveThousandSimultaneousAttemptsOnTheGateScriptTakeExactlyTheSeatsThatExist() throws Exception {
        UUID eventId = TestEvents.open(jedis, CAPACITY, 4);
        List<String> seats = TestEvents.seats(CAPACITY);
        List<HoldRequest> requests = RaceHarness.requests(eventId, ATTEMPTS, seats, HOT_SEATS, 42);

        long started = System.nanoTime();
        List<Outcome> outcomes = RaceHarness.run(requests, ATTEMPTS, request -> {
            UUID orderId = UUID.randomUUID();
            return switch (gate.place(orderId, request)) {
                case Placement.Placed placed ->
                    new Outcome(true, placed.orderId(), request.quantity(), request.seatIds(), placed.availableAfter());
                default -> Outcome.refused();
            };
        });
        long millis = (System.nanoTime() - started) / 1_000_000;

        List<Outcome> passed = outcomes.stream().filter(Outcome::passed).toList();
        System.out.printf(
                "gate script: %d attempts, %d passed, %d seats taken, %d ms (%.0f attempts/s)%n",
                ATTEMPTS,
                passed.size(),
                RaceHarness.seatsTaken(outcomes),
                millis,
                ATTEMPTS * 1000.0 / Math.max(1, millis));
        assertThat(RaceHarness.seatsTaken(outcomes)).isEqualTo(CAPACITY);
        assertThat(TestEvents.available(jedis, eventId)).isZero();
        assertThat(passed)
                .allSatisfy(outcome -> assertThat(outcome.availableAfter()).isNotNegative());
        assertThat(passed)
                .extracting(Outcome::availableAfter)
                .doesNotHaveDuplicates()
                .contains(0L);
        assertThat(passed).extracting(Outcome::orderId).doesNotHaveDuplicates();
        List<String> claimed =
                passed.stream().flatMap(outcome -> outcome.seats().stream()).toList();
        assertThat(claimed).doesNotHaveDuplicates().isNotEmpty();
        for (Outcome outcome : passed) {
            for (String seat : outcome.seats()) {
                assertThat(jedis.get(InventoryKeys.seat(eventId, seat)))
                        .isEqualTo(outcome.orderId().toString());
            }
        }
        assertThat(TestEvents.liveHolds(jedis, eventId)).isEqualTo(passed.size());
    }

    @Test
    void fiveThousandHoldRequestsThroughHttpWithAThousandInFlightNeverOversell(Engines engines) throws Exception {
        UUID eventId = TestEvents.open(jedis, CAPACITY, 4);
        List<String> seats = TestEvents.seats(CAPACITY);
        List<HoldRequest> requests = RaceHarness.requests(eventId, ATTEMPTS, seats, HOT_SEATS, 7);
        HoldCalls client = new HoldCalls(port);
        Readiness.awaitReady(port);
        warmUp(engines, client);
        Map<Integer, AtomicInteger> statuses = new ConcurrentSkipListMap<>();
        List<Long> latencies = new CopyOnWriteArrayList<>();

        List<Outcome> outcomes;
        long millis;
        long freeInDatabase;
        try (FakeBooking booking =
                FakeBooking.allocating(engines.kafkaBootstrap(), eventId, seats, Duration.ofMinutes(10))) {
            long started = System.nanoTime();
            outcomes = RaceHarness.run(requests, HTTP_IN_FLIGHT, request -> {
                long sent = System.nanoTime();
                TestHttp.Reply response = client.hold(eventId, request.sessionId(), body(request));
                latencies.add(System.nanoTime() - sent);
                statuses.computeIfAbsent(response.status(), status -> new AtomicInteger())
                        .incrementAndGet();
                if (response.status() != 201) {
                    return Outcome.refused();
                }
                JsonNode held = response.json();
                List<String> heldSeats = new ArrayList<>();
                held.get("seatIds").forEach(seat -> heldSeats.add(seat.asString()));
                return new Outcome(
                        true, UUID.fromString(held.get("orderId").asString()), heldSeats.size(), heldSeats, null);
            });
            millis = (System.nanoTime() - started) / 1_000_000;
            List<Outcome> held = outcomes.stream().filter(Outcome::passed).toList();
            Set<UUID> heldOrders = held.stream().map(Outcome::orderId).collect(Collectors.toSet());
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> booking.allocations().keySet().equals(heldOrders));
            for (Outcome outcome : held) {
                assertThat(booking.allocations().get(outcome.orderId())).containsExactlyElementsOf(outcome.seats());
            }
            freeInDatabase = booking.freeSeats();
        }

        List<Outcome> held = outcomes.stream().filter(Outcome::passed).toList();
        List<Long> sorted = latencies.stream().sorted().toList();
        System.out.printf(
                "http: %d requests (%d in flight) in %d ms; statuses %s; %d holds, %d seats; %.0f requests/s;"
                        + " latency p50 %d ms, p99 %d ms%n",
                ATTEMPTS,
                HTTP_IN_FLIGHT,
                millis,
                statuses,
                held.size(),
                RaceHarness.seatsTaken(outcomes),
                ATTEMPTS * 1000.0 / Math.max(1, millis),
                sorted.get(sorted.size() / 2) / 1_000_000,
                sorted.get(sorted.size() * 99 / 100) / 1_000_000);
        assertThat(statuses.keySet()).isSubsetOf(201, 409, 503);
        assertThat(held.stream().flatMap(outcome -> outcome.seats().stream()).toList())
                .doesNotHaveDuplicates();
        assertThat(held).extracting(Outcome::orderId).doesNotHaveDuplicates();
        long available = TestEvents.available(jedis, eventId);
        assertThat(available).isNotNegative().isEqualTo(CAPACITY - RaceHarness.seatsTaken(outcomes));
        assertThat(TestEvents.liveHolds(jedis, eventId)).isEqualTo(held.size());
        assertThat(available).as("the database's free seats").isEqualTo(freeInDatabase);
    }

    /** Lets the JIT compile the request path first: the measured run is about the gate, not about a cold JVM. */
    private void warmUp(Engines engines, HoldCalls client) throws Exception {
        UUID warmUpEvent = TestEvents.open(jedis, WARM_UP_REQUESTS, 4);
        List<HoldRequest> requests = RaceHarness.requests(
                warmUpEvent, WARM_UP_REQUESTS, TestEvents.seats(WARM_UP_REQUESTS), WARM_UP_REQUESTS, 3);
        try (FakeBooking booking = FakeBooking.allocating(
                engines.kafkaBootstrap(), warmUpEvent, TestEvents.seats(WARM_UP_REQUESTS), Duration.ofMinutes(10))) {
            RaceHarness.run(requests, 50, request -> {
                client.hold(warmUpEvent, request.sessionId(), body(request));
                return Outcome.refused();
            });
        }
    }

    private static String body(HoldRequest request) {
        return request.seatIds().isEmpty()
                ? "{\"quantity\":" + request.quantity() + "}"
                : "{\"seatIds\":[\"" + String.join("\",\"", request.seatIds()) + "\"]}";
    }

    @Test
    void theNaiveGetThenDecrementOversellsInTheSameHarness() throws Exception {
        NaiveGate naive = new NaiveGate(jedis);
        int oversoldRuns = 0;
        int runs = 0;
        while (runs < NAIVE_RUNS && oversoldRuns == 0) {
            runs++;
            UUID eventId = TestEvents.open(jedis, CAPACITY, 4);
            List<Outcome> outcomes = RaceHarness.run(
                    RaceHarness.requests(eventId, ATTEMPTS, TestEvents.seats(CAPACITY), HOT_SEATS, runs),
                    ATTEMPTS,
                    naive::place);
            int taken = RaceHarness.seatsTaken(outcomes);
            long available = TestEvents.available(jedis, eventId);
            Set<String> distinctSeats = new HashSet<>();
            long chosen = outcomes.stream()
                    .filter(Outcome::passed)
                    .flatMap(o -> o.seats().stream())
                    .peek(distinctSeats::add)
                    .count();
            boolean oversold = taken > CAPACITY || available < 0 || distinctSeats.size() < chosen;
            System.out.printf(
                    "naive run %d: %d seats taken of %d, counter %d, %d seat claims for %d seats%s%n",
                    runs, taken, CAPACITY, available, chosen, distinctSeats.size(), oversold ? " -> OVERSOLD" : "");
            if (oversold) {
                oversoldRuns++;
            }
        }
        assertThat(oversoldRuns).as("naive runs that oversold, of %d", runs).isPositive();
    }

    /** Check, then act, in separate round trips: what the gate script must not be. */
    record NaiveGate(JedisPooled jedis) {

        Outcome place(HoldRequest request) {
            String counter = InventoryKeys.available(request.eventId());
            long available = Long.parseLong(jedis.get(counter));
            if (available < request.quantity()) {
                return Outcome.refused();
            }
            for (String seat : request.seatIds()) {
                if (jedis.exists(InventoryKeys.seat(request.eventId(), seat))) {
                    return Outcome.refused();
                }
            }
            UUID orderId = UUID.randomUUID();
            for (String seat : request.seatIds()) {
                jedis.set(InventoryKeys.seat(request.eventId(), seat), orderId.toString());
            }
            long after = jedis.decrBy(counter, request.quantity());
            return new Outcome(true, orderId, request.quantity(), request.seatIds(), after);
        }
    }
}
