package dev.onsale.system;

import static dev.onsale.system.WaitingRoomCalls.admission;
import static dev.onsale.system.WaitingRoomCalls.assertAdmissionRequired;
import static dev.onsale.system.WaitingRoomCalls.assertInvalid;
import static dev.onsale.system.WaitingRoomCalls.caps;
import static dev.onsale.system.WaitingRoomCalls.generalAdmissionEvent;
import static dev.onsale.system.WaitingRoomCalls.queue;
import static dev.onsale.system.WaitingRoomCalls.statuses;
import static dev.onsale.system.WaitingRoomCalls.tamperedSignature;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.launcher.Stack;
import dev.onsale.testing.TestHttp;
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
 * The waiting room of a sale that opens while the test runs, on the packaged services and through the gateway
 * only: the pre-queue, the opening, the pump under an operator's cap, admission tokens at the gateway's door,
 * operators tuning admission, and the static waiting page.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WaitingRoomSystemIT {

    /** The waiting room scenario: buyers, an 800-seat sale opening shortly, a first cap on admissions. */
    private static final int BUYERS = 50;

    private static final int GENERAL_ADMISSION = 800;
    private static final int ADMITTED_FIRST = 20;
    private static final Duration SALE_OPENS_IN = Duration.ofSeconds(10);
    /**
     * 50 buyers polled in turn, a round at most this often: each session asks its status less than once a second, the
     * gateway's status pace and the shortest pollAfterMs the waiting room gives.
     */
    private static final Duration POLL = Duration.ofMillis(1100);

    private static final String ADMISSION = SaleFixture.ADMISSION;

    private record WaitingRoomEvent(UUID eventId, Instant saleOpensAt) {}

    private static WaitingRoomEvent room;
    private static final List<String> buyers = new ArrayList<>();
    private static final Map<String, String> admissions = new LinkedHashMap<>();

    private static Stack stack;
    private static TestHttp gateway;

    @BeforeAll
    static void startTheStack() {
        stack = TestStacks.start("waiting-room");
        gateway = TestHttp.at(stack.gatewayUrl());
    }

    @AfterAll
    static void stopTheStack() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    @Order(3)
    void buyersWhoJoinBeforeTheSaleOpensWaitUnplacedAndKeepOnePlaceWhenJoiningAgain() {
        for (int i = 0; i < BUYERS; i++) {
            var session = gateway.post("/api/sessions", "{}").send();
            assertThat(session.status()).as("POST /api/sessions: %s", session).isEqualTo(201);
            buyers.add(session.json().path("sessionToken").asString());
        }
        assertThat(buyers).doesNotHaveDuplicates();

        Instant requested = Instant.now();
        Instant saleOpensAt = requested.plus(SALE_OPENS_IN).truncatedTo(ChronoUnit.MILLIS);
        var created = gateway.post(
                        "/admin/events",
                        generalAdmissionEvent("Waiting room " + UUID.randomUUID(), saleOpensAt, GENERAL_ADMISSION))
                .bearer(stack.adminToken())
                .send();
        assertThat(created.status()).as("POST /admin/events: %s", created).isEqualTo(201);
        room = new WaitingRoomEvent(
                UUID.fromString(created.json().path("eventId").asString()), saleOpensAt);
        // Operators may tune an event before the waiting room has heard of it; the pump obeys from the opening.
        var capped = gateway.put(admission(room.eventId()), caps(ADMITTED_FIRST, 200))
                .bearer(stack.adminToken())
                .send();
        assertThat(capped.status()).as("PUT admission: %s", capped).isEqualTo(200);

        // The catalog reaches queue-service asynchronously: until then a join is 404 event-not-found.
        await().atMost(SALE_OPENS_IN).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
            var join = gateway.post(queue(room.eventId(), "join"), "{}")
                    .bearer(buyers.getFirst())
                    .send();
            assertThat(join.status()).as("first join: %s", join).isEqualTo(200);
        });
        System.out.printf(
                "[system] queue-service knew the event %d ms after it was created%n",
                Duration.between(requested, Instant.now()).toMillis());

        for (String buyer : buyers) {
            for (String call : List.of("join", "join")) {
                var join = gateway.post(queue(room.eventId(), call), "{}")
                        .bearer(buyer)
                        .send();
                assertThat(join.status()).as("join: %s", join).isEqualTo(200);
                assertThat(join.json().path("status").asString())
                        .as("join: %s", join)
                        .isEqualTo("NOT_OPEN");
                assertThat(join.json().has("position")).as("join: %s", join).isFalse();
                assertThat(join.json().path("pollAfterMs").asLong())
                        .as("join: %s", join)
                        .isPositive();
            }
            var status =
                    gateway.get(queue(room.eventId(), "status")).bearer(buyer).send();
            assertThat(status.status()).as("status: %s", status).isEqualTo(200);
            assertThat(status.json().path("status").asString())
                    .as("status: %s", status)
                    .isEqualTo("NOT_OPEN");
        }
        assertThat(Instant.now())
                .as("every buyer joined before saleOpensAt %s (else raise SALE_OPENS_IN)", room.saleOpensAt())
                .isBefore(room.saleOpensAt());

        var stranger = gateway.post("/api/sessions", "{}")
                .send()
                .json()
                .path("sessionToken")
                .asString();
        var notJoined =
                gateway.get(queue(room.eventId(), "status")).bearer(stranger).send();
        assertThat(notJoined.status())
                .as("status without joining: %s", notJoined)
                .isEqualTo(404);
        assertThat(notJoined.json().path("type").asString()).isEqualTo("/problems/not-in-queue");
        var anonymous = gateway.post(queue(room.eventId(), "join"), "{}").send();
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
                var again = gateway.post(queue(room.eventId(), "join"), "{}")
                        .bearer(waiting.getKey())
                        .send();
                assertThat(again.json().path("status").asString())
                        .as("joining again: %s", again)
                        .isEqualTo("WAITING");
                assertThat(again.json().path("position").asLong())
                        .as("joining again: %s", again)
                        .isEqualTo(waiting.getValue().path("position").asLong());
            }
        }

        var raised = gateway.put(admission(room.eventId()), caps(2 * GENERAL_ADMISSION, 200))
                .bearer(stack.adminToken())
                .send();
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
        var rejoined =
                gateway.post(queue(room.eventId(), "join"), "{}").bearer(first).send();
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
                                "Other " + UUID.randomUUID(), Instant.now().plus(Duration.ofDays(1)), 10))
                .bearer(stack.adminToken())
                .send();
        assertThat(other.status()).as("POST /admin/events: %s", other).isEqualTo(201);
        String otherEvent = other.json().path("eventId").asString();
        String holds = "/api/events/" + room.eventId() + "/holds";
        String oneSeat = "{\"quantity\":1}";
        assertThat(tamperedSignature(tokenA)).isNotEqualTo(tokenA);

        assertAdmissionRequired(gateway.post(holds, oneSeat).bearer(buyerA).send(), "no token");
        assertAdmissionRequired(
                gateway.post(holds, oneSeat)
                        .bearer(buyerA)
                        .header(ADMISSION, tamperedSignature(tokenA))
                        .send(),
                "tampered signature");
        assertAdmissionRequired(
                gateway.post(holds, oneSeat)
                        .bearer(buyerA)
                        .header(ADMISSION, "a1.garbage")
                        .send(),
                "garbage");
        assertAdmissionRequired(
                gateway.post(holds, oneSeat)
                        .bearer(buyerB)
                        .header(ADMISSION, tokenA)
                        .send(),
                "A's token presented by B");
        assertAdmissionRequired(
                gateway.post("/api/events/" + otherEvent + "/holds", oneSeat)
                        .bearer(buyerA)
                        .header(ADMISSION, tokenA)
                        .send(),
                "A's token on another event");
        var noSession = gateway.post(holds, oneSeat).header(ADMISSION, tokenA).send();
        assertThat(noSession.status())
                .as("token without a session: %s", noSession)
                .isEqualTo(401);

        var admitted = gateway.post(holds, oneSeat)
                .bearer(buyerA)
                .header(ADMISSION, tokenA)
                .send();
        assertThat(admitted.status())
                .as("hold with A's own token: %s", admitted)
                .isNotEqualTo(403);
        if (admitted.header("Content-Type").startsWith("application/problem+json")) {
            assertThat(admitted.json().path("type").asString())
                    .as("hold with A's own token: %s", admitted)
                    .isNotEqualTo("/problems/admission-required");
        }
        var admittedB = gateway.post(holds, oneSeat)
                .bearer(buyerB)
                .header(ADMISSION, admissions.get(buyerB))
                .send();
        assertThat(admittedB.status())
                .as("hold with B's own token: %s", admittedB)
                .isNotEqualTo(403);
    }

    @Test
    @Order(6)
    void operatorsTuneAdmissionOnlyWithAValidBody() {
        String path = admission(room.eventId());
        assertInvalid(
                gateway.put(path, Map.of("maxActiveBuyers", 0, "maxAdmitPerSecond", 200))
                        .bearer(stack.adminToken())
                        .send(),
                "maxActiveBuyers");
        assertInvalid(
                gateway.put(path, Map.of("maxActiveBuyers", 500, "maxAdmitPerSecond", 10_001))
                        .bearer(stack.adminToken())
                        .send(),
                "maxAdmitPerSecond");
        assertInvalid(
                gateway.put(path, Map.of("maxActiveBuyers", 500))
                        .bearer(stack.adminToken())
                        .send(),
                "maxAdmitPerSecond");
        assertInvalid(
                gateway.put(path, "{\"maxActiveBuyers\": \"many\", \"maxAdmitPerSecond\": 200}")
                        .bearer(stack.adminToken())
                        .send(),
                "maxActiveBuyers");
        assertInvalid(
                gateway.put(path, Map.of("maxActiveBuyers", 500, "maxAdmitPerSecond", 200, "priority", 1))
                        .bearer(stack.adminToken())
                        .send(),
                "priority");
        var asBuyer =
                gateway.put(path, caps(500, 200)).bearer(buyers.getFirst()).send();
        assertThat(asBuyer.status()).as("PUT admission as a buyer: %s", asBuyer).isEqualTo(403);

        var valid = gateway.put(path, caps(500, 100)).bearer(stack.adminToken()).send();
        assertThat(valid.status()).as("PUT admission: %s", valid).isEqualTo(200);
        assertThat(valid.json().path("eventId").asString())
                .isEqualTo(room.eventId().toString());
        assertThat(valid.json().path("maxActiveBuyers").asLong()).isEqualTo(500);
        assertThat(valid.json().path("maxAdmitPerSecond").asLong()).isEqualTo(100);
    }

    @Test
    @Order(7)
    void theWaitingPageNamesAFingerprintedScriptThatCachesServeForever() {
        var page = gateway.get("/wait/" + room.eventId())
                .header("Accept", "text/html")
                .send();
        assertThat(page.status()).as("waiting page: %s", page).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        var script = Pattern.compile("/assets/waiting-room\\.[0-9a-f]{16}\\.js").matcher(page.body());
        assertThat(script.find()).as("the page names its script: %s", page).isTrue();

        var asset = gateway.get(script.group()).header("Accept", "*/*").send();
        assertThat(asset.status()).as("GET %s: %s", script.group(), asset).isEqualTo(200);
        assertThat(asset.header("Cache-Control")).contains("immutable");
        assertThat(asset.header("Content-Type")).contains("javascript");
        assertThat(asset.body()).contains("/api/queue/");

        var stale = gateway.get("/assets/waiting-room.0000000000000000.js")
                .header("Accept", "*/*")
                .send();
        assertThat(stale.status()).as("a stale asset: %s", stale).isEqualTo(404);
    }

    private static void pollEveryBuyer(Map<String, JsonNode> answers) {
        for (String buyer : buyers) {
            var status =
                    gateway.get(queue(room.eventId(), "status")).bearer(buyer).send();
            assertThat(status.status()).as("status: %s", status).isEqualTo(200);
            JsonNode answer = status.json();
            assertThat(answer.path("status").asString())
                    .as("status: %s", status)
                    .isIn("WAITING", "ADMITTED");
            answers.put(buyer, answer);
        }
    }
}
