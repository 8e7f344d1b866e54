package dev.onsale.system;

import dev.onsale.launcher.Stack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The packaged services, started by the launcher as separate processes, used through the gateway only. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StackSystemIT {

    private static final int ROWS = 20;
    private static final int SEATS_PER_ROW = 20;
    private static final int SEATS = 2 * ROWS * SEATS_PER_ROW;

    private static Stack stack;
    private static Map<String, Long> pids;
    private static Http gateway;

    @BeforeAll
    static void startTheStack() {
        stack = TestStacks.start("system");
        pids = stack.pids();
        gateway = new Http(stack.gatewayUrl());
    }

    @AfterAll
    static void stopTheStackIfATestLeftItRunning() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Order(1)
    void theLauncherRecordsEveryProcessOfTheStack() {
        assertThat(pids).containsOnlyKeys("engines", "postgres", "redis-server", "gateway", "queue-service",
                "inventory-service", "booking-service", "payment-service");
        assertThat(TestStacks.alive(pids)).hasSize(8);
        assertThat(stack.pidsFile()).exists();
    }

    @Test
    @Order(2)
    void anOperatorCreatesAnEventThatBuyersSeeWithEverySeatFree() {
        var session = gateway.post("/api/sessions", "{}", null);
        assertThat(session.status()).as("POST /api/sessions: %s", session).isEqualTo(201);
        assertThat(session.json().path("sessionToken").asString()).isNotBlank();

        String name = "System test " + UUID.randomUUID();
        var created = gateway.post("/admin/events", eventWithTwoSections(name), stack.adminToken());
        assertThat(created.status()).as("POST /admin/events: %s", created).isEqualTo(201);
        String eventId = created.json().path("eventId").asString();
        assertThat(UUID.fromString(eventId)).isNotNull();

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            var availability = gateway.get("/api/events/" + eventId + "/availability");
            assertThat(availability.status()).as("availability: %s", availability).isEqualTo(200);
            assertThat(availability.json().path("available").asInt()).as("availability: %s", availability)
                    .isEqualTo(SEATS);
        });

        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            var seats = gateway.get("/api/events/" + eventId + "/seats");
            assertThat(seats.status()).as("seats: %s", seats).isEqualTo(200);
            List<JsonNode> list = new ArrayList<>();
            seats.json().path("seats").forEach(list::add);
            assertThat(list).hasSize(SEATS);
            assertThat(list).allSatisfy(seat -> assertThat(seat.path("status").asString()).isEqualTo("FREE"));
            assertThat(list).anySatisfy(seat -> assertThat(seat.path("seatId").asString()).isEqualTo("B-20-20"));
        });

        var events = gateway.get("/api/events");
        assertThat(events.status()).as("events: %s", events).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        events.json().forEach(e -> ids.add(e.path("eventId").asString()));
        assertThat(ids).contains(eventId);
    }

    @Test
    @Order(3)
    void closingTheStackLeavesNoProcessBehind() {
        stack.close();
        TestStacks.assertAllGone(pids);
        assertThat(stack.pidsFile()).doesNotExist();
    }

    private static Map<String, Object> eventWithTwoSections(String name) {
        var body = new LinkedHashMap<String, Object>();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        body.put("name", name);
        body.put("venue", "Hall A");
        body.put("startsAt", now.plus(30, ChronoUnit.DAYS).toString());
        body.put("saleOpensAt", now.plus(1, ChronoUnit.DAYS).toString());
        body.put("currency", "EUR");
        body.put("holdTtlSeconds", 600);
        body.put("maxPerOrder", 4);
        body.put("seatMap", Map.of("sections", List.of(
                Map.of("name", "A", "rows", ROWS, "seatsPerRow", SEATS_PER_ROW, "priceCents", 5000),
                Map.of("name", "B", "rows", ROWS, "seatsPerRow", SEATS_PER_ROW, "priceCents", 3000))));
        return body;
    }
}
