package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.launcher.Stack;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * The packaged services, started by the launcher as separate processes, used through the gateway only:
 * the catalog, then the waiting room of a sale that opens while the test runs (pre-queue, opening, the
 * pump under an operator's cap, admission tokens at the gateway's door, the static waiting page).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StackSystemIT {

    private static final int ROWS = 20;
    private static final int SEATS_PER_ROW = 20;
    private static final int SEATS = 2 * ROWS * SEATS_PER_ROW;

    /** The waiting room scenario: buyers, an 800-seat sale opening shortly, a first cap on admissions. */
    private static final int BUYERS = 50;

    private static final int GENERAL_ADMISSION = 800;
    private static final int ADMITTED_FIRST = 20;
    private static final Duration SALE_OPENS_IN = Duration.ofSeconds(10);
    /** 50 buyers polled in turn at this pace stay far below the per-session limit (10/s). */
    private static final Duration POLL = Duration.ofMillis(300);

    private static final String ADMISSION = "X-Admission-Token";

    private record WaitingRoomEvent(UUID eventId, Instant saleOpensAt) {}

    private static WaitingRoomEvent room;
    private static final List<String> buyers = new ArrayList<>();
    private static final Map<String, String> admissions = new LinkedHashMap<>();

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
        assertThat(pids)
                .containsOnlyKeys(
                        "engines",
                        "postgres",
                        "redis-server",
                        "gateway",
                        "queue-service",
                        "inventory-service",
                        "booking-service",
                        "payment-service",
                        "payment-sandbox");
        assertThat(TestStacks.alive(pids)).hasSize(9);
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

        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    var availability = gateway.get("/api/events/" + eventId + "/availability");
                    assertThat(availability.status())
                            .as("availability: %s", availability)
                            .isEqualTo(200);
                    assertThat(availability.json().path("available").asInt())
                            .as("availability: %s", availability)
                            .isEqualTo(SEATS);
                });

        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    var seats = gateway.get("/api/events/" + eventId + "/seats");
                    assertThat(seats.status()).as("seats: %s", seats).isEqualTo(200);
                    List<JsonNode> list = new ArrayList<>();
                    seats.json().path("seats").forEach(list::add);
                    assertThat(list).hasSize(SEATS);
                    assertThat(list)
                            .allSatisfy(seat ->
                                    assertThat(seat.path("status").asString()).isEqualTo("FREE"));
                    assertThat(list)
                            .anySatisfy(seat ->
                                    assertThat(seat.path("seatId").asString()).isEqualTo("B-20-20"));
                });

        var events = gateway.get("/api/events");
        assertThat(events.status()).as("events: %s", events).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        events.json().forEach(e -> ids.add(e.path("eventId").asString()));
        assertThat(ids).contains(eventId);
    }

    @Test
    @Order(3)
    void buyersWhoJoinBeforeTheSaleOpensWaitUnplacedAndKeepOnePlaceWhenJoiningAgain() {
        for (int i = 0; i < BUYERS; i++) {
            var session = gateway.post("/api/sessions", "{}", null);
            assertThat(session.status()).as("POST /api/sessions: %s", session).isEqualTo(201);
            buyers.add(session.json().path("sessionToken").asString());
        }
        assertThat(buyers).doesNotHaveDuplicates();

        Instant requested = Instant.now();
        Instant saleOpensAt = requested.plus(SALE_OPENS_IN).truncatedTo(ChronoUnit.MILLIS);
        var created = gateway.post(
                "/admin/events",
                generalAdmissionEvent("Waiting room " + UUID.randomUUID(), saleOpensAt, GENERAL_ADMISSION),
                stack.adminToken());
        assertThat(created.status()).as("POST /admin/events: %s", created).isEqualTo(201);
        room = new WaitingRoomEvent(
                UUID.fromString(created.json().path("eventId").asString()), saleOpensAt);
        // Operators may tune an event before the waiting room has heard of it; the pump obeys from the opening.
        var capped = gateway.put(admission(room.eventId()), caps(ADMITTED_FIRST, 200), stack.adminToken());
        assertThat(capped.status()).as("PUT admission: %s", capped).isEqualTo(200);

        // The catalog reaches queue-service asynchronously: until then a join is 404 event-not-found.
        await().atMost(SALE_OPENS_IN).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
            var join = gateway.post(queue(room.eventId(), "join"), "{}", buyers.getFirst());
            assertThat(join.status()).as("first join: %s", join).isEqualTo(200);
        });
        System.out.printf(
                "[system] queue-service knew the event %d ms after it was created%n",
                Duration.between(requested, Instant.now()).toMillis());

        for (String buyer : buyers) {
            for (String call : List.of("join", "join")) {
                var join = gateway.post(queue(room.eventId(), call), "{}", buyer);
                assertThat(join.status()).as("join: %s", join).isEqualTo(200);
                assertThat(join.json().path("status").asString())
                        .as("join: %s", join)
                        .isEqualTo("NOT_OPEN");
                assertThat(join.json().has("position")).as("join: %s", join).isFalse();
                assertThat(join.json().path("pollAfterMs").asLong())
                        .as("join: %s", join)
                        .isPositive();
            }
            var status = gateway.get(queue(room.eventId(), "status"), buyer);
            assertThat(status.status()).as("status: %s", status).isEqualTo(200);
            assertThat(status.json().path("status").asString())
                    .as("status: %s", status)
                    .isEqualTo("NOT_OPEN");
        }
        assertThat(Instant.now())
                .as("every buyer joined before saleOpensAt %s (else raise SALE_OPENS_IN)", room.saleOpensAt())
                .isBefore(room.saleOpensAt());

        var stranger = gateway.post("/api/sessions", "{}", null)
                .json()
                .path("sessionToken")
                .asString();
        var notJoined = gateway.get(queue(room.eventId(), "status"), stranger);
        assertThat(notJoined.status())
                .as("status without joining: %s", notJoined)
                .isEqualTo(404);
        assertThat(notJoined.json().path("type").asString()).isEqualTo("/problems/not-in-queue");
        var anonymous = gateway.post(queue(room.eventId(), "join"), "{}", null);
        assertThat(anonymous.status())
                .as("join without a session: %s", anonymous)
                .isEqualTo(401);
    }

    @Test
    @Order(4)
    void whenTheSaleOpensThePumpAdmitsUpToTheCapAndTheRestWaitInDistinctPlacesUntilTheCapIsRaised() {
        Map<String, JsonNode> answers = new LinkedHashMap<>();
        await().atMost(Duration.ofSeconds(30)).pollInterval(POLL).untilAsserted(() -> {
            pollEveryBuyer(answers);
            assertThat(statuses(answers, "ADMITTED"))
                    .as("admitted under a cap of %d", ADMITTED_FIRST)
                    .hasSize(ADMITTED_FIRST);
            assertThat(statuses(answers, "WAITING")).hasSize(BUYERS - ADMITTED_FIRST);
        });
        assertThat(Instant.now()).isAfterOrEqualTo(room.saleOpensAt());
        List<Long> positions = statuses(answers, "WAITING").stream()
                .map(answer -> answer.path("position").asLong())
                .sorted()
                .toList();
        assertThat(positions)
                .as("positions of the waiting")
                .doesNotHaveDuplicates()
                .containsExactlyElementsOf(LongStream.rangeClosed(1, BUYERS - ADMITTED_FIRST)
                        .boxed()
                        .toList());
        assertThat(statuses(answers, "WAITING")).allSatisfy(answer -> {
            assertThat(answer.has("admissionToken")).as("waiting: %s", answer).isFalse();
            assertThat(answer.path("estimatedWaitSeconds").asLong())
                    .as("waiting: %s", answer)
                    .isNotNegative();
        });
        // The cap holds over many pump strokes: admitted buyers keep their admission, nobody else goes in.
        await().during(Duration.ofSeconds(1))
                .atMost(Duration.ofSeconds(5))
                .pollInterval(POLL)
                .untilAsserted(() -> {
                    pollEveryBuyer(answers);
                    assertThat(statuses(answers, "ADMITTED")).hasSize(ADMITTED_FIRST);
                });
        for (Map.Entry<String, JsonNode> waiting : answers.entrySet()) {
            if (waiting.getValue().path("status").asString().equals("WAITING")) {
                var again = gateway.post(queue(room.eventId(), "join"), "{}", waiting.getKey());
                assertThat(again.json().path("status").asString())
                        .as("joining again: %s", again)
                        .isEqualTo("WAITING");
                assertThat(again.json().path("position").asLong())
                        .as("joining again: %s", again)
                        .isEqualTo(waiting.getValue().path("position").asLong());
            }
        }

        var raised = gateway.put(admission(room.eventId()), caps(2 * GENERAL_ADMISSION, 200), stack.adminToken());
        assertThat(raised.status()).as("PUT admission: %s", raised).isEqualTo(200);
        await().atMost(Duration.ofSeconds(20)).pollInterval(POLL).untilAsserted(() -> {
            pollEveryBuyer(answers);
            assertThat(statuses(answers, "ADMITTED")).hasSize(BUYERS);
        });
        Instant now = Instant.now();
        answers.forEach((buyer, answer) -> {
            assertThat(answer.path("admissionToken").asString())
                    .as("admitted: %s", answer)
                    .startsWith("a1.");
            assertThat(Instant.parse(answer.path("admissionExpiresAt").asString()))
                    .as("admitted: %s", answer)
                    .isAfter(now.plus(Duration.ofMinutes(5)));
            admissions.put(buyer, answer.path("admissionToken").asString());
        });
        assertThat(admissions.values()).doesNotHaveDuplicates();
        String first = buyers.getFirst();
        var rejoined = gateway.post(queue(room.eventId(), "join"), "{}", first);
        assertThat(rejoined.json().path("status").asString())
                .as("joining when admitted: %s", rejoined)
                .isEqualTo("ADMITTED");
        assertThat(rejoined.json().path("admissionToken").asString()).isEqualTo(admissions.get(first));
    }

    @Test
    @Order(5)
    void theGatewayLetsAHoldThroughOnlyWithAnAdmissionOfTheCallersSessionForThatEvent() {
        String buyerA = buyers.get(0);
        String buyerB = buyers.get(1);
        String tokenA = admissions.get(buyerA);
        var other = gateway.post(
                "/admin/events",
                generalAdmissionEvent(
                        "Other " + UUID.randomUUID(), Instant.now().plus(Duration.ofDays(1)), 10),
                stack.adminToken());
        assertThat(other.status()).as("POST /admin/events: %s", other).isEqualTo(201);
        String otherEvent = other.json().path("eventId").asString();
        String holds = "/api/events/" + room.eventId() + "/holds";
        String oneSeat = "{\"quantity\":1}";
        assertThat(tamperedSignature(tokenA)).isNotEqualTo(tokenA);

        assertAdmissionRequired(gateway.post(holds, oneSeat, buyerA), "no token");
        assertAdmissionRequired(
                gateway.post(holds, oneSeat, buyerA, Map.of(ADMISSION, tamperedSignature(tokenA))),
                "tampered signature");
        assertAdmissionRequired(gateway.post(holds, oneSeat, buyerA, Map.of(ADMISSION, "a1.garbage")), "garbage");
        assertAdmissionRequired(
                gateway.post(holds, oneSeat, buyerB, Map.of(ADMISSION, tokenA)), "A's token presented by B");
        assertAdmissionRequired(
                gateway.post("/api/events/" + otherEvent + "/holds", oneSeat, buyerA, Map.of(ADMISSION, tokenA)),
                "A's token on another event");
        var noSession = gateway.post(holds, oneSeat, null, Map.of(ADMISSION, tokenA));
        assertThat(noSession.status())
                .as("token without a session: %s", noSession)
                .isEqualTo(401);

        var admitted = gateway.post(holds, oneSeat, buyerA, Map.of(ADMISSION, tokenA));
        assertThat(admitted.status())
                .as("hold with A's own token: %s", admitted)
                .isNotEqualTo(403);
        if (admitted.header("Content-Type").startsWith("application/problem+json")) {
            assertThat(admitted.json().path("type").asString())
                    .as("hold with A's own token: %s", admitted)
                    .isNotEqualTo("/problems/admission-required");
        }
        var admittedB = gateway.post(holds, oneSeat, buyerB, Map.of(ADMISSION, admissions.get(buyerB)));
        assertThat(admittedB.status())
                .as("hold with B's own token: %s", admittedB)
                .isNotEqualTo(403);
    }

    @Test
    @Order(6)
    void operatorsTuneAdmissionOnlyWithAValidBody() {
        String path = admission(room.eventId());
        assertInvalid(
                gateway.put(path, Map.of("maxActiveBuyers", 0, "maxAdmitPerSecond", 200), stack.adminToken()),
                "maxActiveBuyers");
        assertInvalid(
                gateway.put(path, Map.of("maxActiveBuyers", 500, "maxAdmitPerSecond", 10_001), stack.adminToken()),
                "maxAdmitPerSecond");
        assertInvalid(gateway.put(path, Map.of("maxActiveBuyers", 500), stack.adminToken()), "maxAdmitPerSecond");
        assertInvalid(
                gateway.put(path, "{\"maxActiveBuyers\": \"many\", \"maxAdmitPerSecond\": 200}", stack.adminToken()),
                "maxActiveBuyers");
        assertInvalid(
                gateway.put(
                        path,
                        Map.of("maxActiveBuyers", 500, "maxAdmitPerSecond", 200, "priority", 1),
                        stack.adminToken()),
                "priority");
        var asBuyer = gateway.put(path, caps(500, 200), buyers.getFirst());
        assertThat(asBuyer.status()).as("PUT admission as a buyer: %s", asBuyer).isEqualTo(403);

        var valid = gateway.put(path, caps(500, 100), stack.adminToken());
        assertThat(valid.status()).as("PUT admission: %s", valid).isEqualTo(200);
        assertThat(valid.json().path("eventId").asString())
                .isEqualTo(room.eventId().toString());
        assertThat(valid.json().path("maxActiveBuyers").asLong()).isEqualTo(500);
        assertThat(valid.json().path("maxAdmitPerSecond").asLong()).isEqualTo(100);
    }

    @Test
    @Order(7)
    void theWaitingPageNamesAFingerprintedScriptThatCachesServeForever() {
        var page = gateway.get("/wait/" + room.eventId(), null, Map.of("Accept", "text/html"));
        assertThat(page.status()).as("waiting page: %s", page).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        var script = Pattern.compile("/assets/waiting-room\\.[0-9a-f]{16}\\.js").matcher(page.body());
        assertThat(script.find()).as("the page names its script: %s", page).isTrue();

        var asset = gateway.get(script.group(), null, Map.of("Accept", "*/*"));
        assertThat(asset.status()).as("GET %s: %s", script.group(), asset).isEqualTo(200);
        assertThat(asset.header("Cache-Control")).contains("immutable");
        assertThat(asset.header("Content-Type")).contains("javascript");
        assertThat(asset.body()).contains("/api/queue/");

        var stale = gateway.get("/assets/waiting-room.0000000000000000.js", null, Map.of("Accept", "*/*"));
        assertThat(stale.status()).as("a stale asset: %s", stale).isEqualTo(404);
    }

    /** The contract's tables against the document the gateway merges from the real services' generated parts. */
    @Test
    @Order(8)
    void theGatewaysOpenApiDocumentHasEveryCallOfTheContractWithItsStatuses() {
        var document = gateway.get("/api/docs/openapi.json");
        assertThat(document.status()).as("the document: %s", document).isEqualTo(200);
        assertThat(document.json().path("x-onsale-unavailable"))
                .as("parts missing: %s", document.json().path("x-onsale-unavailable"))
                .isEmpty();
        assertThat(ContractTables.mismatches(ContractTables.ofThisRepository(), document.json()))
                .isEmpty();
        assertThat(document.body())
                .as("gateway-only headers and internal calls stay out")
                .doesNotContain("X-Onsale-", "/internal/");
        var page = gateway.get("/api/docs");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("swagger-ui-bundle.js");
    }

    @Test
    @Order(10)
    void closingTheStackLeavesNoProcessBehind() {
        stack.close();
        TestStacks.assertAllGone(pids);
        assertThat(stack.pidsFile()).doesNotExist();
    }

    private static void pollEveryBuyer(Map<String, JsonNode> answers) {
        for (String buyer : buyers) {
            var status = gateway.get(queue(room.eventId(), "status"), buyer);
            assertThat(status.status()).as("status: %s", status).isEqualTo(200);
            JsonNode answer = status.json();
            assertThat(answer.path("status").asString())
                    .as("status: %s", status)
                    .isIn("WAITING", "ADMITTED");
            answers.put(buyer, answer);
        }
    }

    private static List<JsonNode> statuses(Map<String, JsonNode> answers, String status) {
        return answers.values().stream()
                .filter(answer -> answer.path("status").asString().equals(status))
                .toList();
    }

    private static void assertAdmissionRequired(Http.Response response, String why) {
        assertThat(response.status()).as("%s: %s", why, response).isEqualTo(403);
        assertThat(response.header("Content-Type")).as("%s: %s", why, response).startsWith("application/problem+json");
        assertThat(response.json().path("type").asString())
                .as("%s: %s", why, response)
                .isEqualTo("/problems/admission-required");
    }

    private static void assertInvalid(Http.Response response, String field) {
        assertThat(response.status()).as("%s: %s", field, response).isEqualTo(400);
        assertThat(response.json().path("type").asString())
                .as("%s: %s", field, response)
                .isEqualTo("/problems/invalid-request");
        List<String> fields = new ArrayList<>();
        response.json()
                .path("errors")
                .forEach(error -> fields.add(error.path("field").asString()));
        assertThat(fields).as("%s: %s", field, response).contains(field);
    }

    /** The token with one character of its signature changed (not the last: its low bits may be unused). */
    private static String tamperedSignature(String token) {
        int at = token.lastIndexOf('.') + 1;
        char flipped = token.charAt(at) == 'A' ? 'B' : 'A';
        return token.substring(0, at) + flipped + token.substring(at + 1);
    }

    private static String queue(UUID eventId, String call) {
        return "/api/queue/" + eventId + "/" + call;
    }

    private static String admission(UUID eventId) {
        return "/admin/events/" + eventId + "/admission";
    }

    private static Map<String, Object> caps(long maxActiveBuyers, long maxAdmitPerSecond) {
        return Map.of("maxActiveBuyers", maxActiveBuyers, "maxAdmitPerSecond", maxAdmitPerSecond);
    }

    private static Map<String, Object> generalAdmissionEvent(String name, Instant saleOpensAt, int quantity) {
        var body = new LinkedHashMap<String, Object>();
        body.put("name", name);
        body.put("venue", "Hall B");
        body.put(
                "startsAt",
                saleOpensAt
                        .plus(30, ChronoUnit.DAYS)
                        .truncatedTo(ChronoUnit.SECONDS)
                        .toString());
        body.put("saleOpensAt", saleOpensAt.toString());
        body.put("holdTtlSeconds", 600);
        body.put("maxPerOrder", 4);
        body.put("generalAdmission", Map.of("quantity", quantity, "priceCents", 3000));
        return body;
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
        body.put(
                "seatMap",
                Map.of(
                        "sections",
                        List.of(
                                Map.of("name", "A", "rows", ROWS, "seatsPerRow", SEATS_PER_ROW, "priceCents", 5000),
                                Map.of("name", "B", "rows", ROWS, "seatsPerRow", SEATS_PER_ROW, "priceCents", 3000))));
        return body;
    }
}
