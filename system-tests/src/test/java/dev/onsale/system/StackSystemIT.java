package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.launcher.Service;
import dev.onsale.launcher.Stack;
import dev.onsale.testing.TestHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The packaged services, started by the launcher as separate processes, used through the gateway only: every
 * process of the stack recorded, an event in the catalog with every seat free, the contract's document, a small
 * sale rehearsed and audited by {@code ./onsale rehearse}, and no process left once the stack is closed. The waiting room of a sale is {@link WaitingRoomSystemIT}'s.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StackSystemIT {

    /** The gateway's retry-missing-after (10 s) and part-timeout (2 s) of its merged document, with room to spare. */
    private static final Duration MISSING_PART_MERGED_AGAIN = Duration.ofSeconds(30);

    private static final int ROWS = 20;
    private static final int SEATS_PER_ROW = 20;
    private static final int SEATS = 2 * ROWS * SEATS_PER_ROW;

    private static Stack stack;
    private static Map<String, Long> pids;
    private static TestHttp gateway;

    @BeforeAll
    static void startTheStack() {
        stack = TestStacks.start("system");
        pids = stack.pids();
        gateway = TestHttp.at(stack.gatewayUrl());
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
        var session = gateway.post("/api/sessions", "{}").send();
        assertThat(session.status()).as("POST /api/sessions: %s", session).isEqualTo(201);
        assertThat(session.json().path("sessionToken").asString()).isNotBlank();

        String name = "System test " + UUID.randomUUID();
        var created = gateway.post("/admin/events", eventWithTwoSections(name))
                .bearer(stack.adminToken())
                .send();
        assertThat(created.status()).as("POST /admin/events: %s", created).isEqualTo(201);
        String eventId = created.json().path("eventId").asString();
        assertThat(UUID.fromString(eventId)).isNotNull();

        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    var availability = gateway.get("/api/events/" + eventId + "/availability")
                            .send();
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
                    var seats = gateway.get("/api/events/" + eventId + "/seats").send();
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

        var events = gateway.get("/api/events").send();
        assertThat(events.status()).as("events: %s", events).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        events.json().forEach(e -> ids.add(e.path("eventId").asString()));
        assertThat(ids).contains(eventId);
        // a buyer arriving in one round trip: the new session is in the event's line at once, as queue-service says
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    var arrival = gateway.post("/api/sessions", "{\"eventId\": \"" + eventId + "\"}")
                            .send();
                    assertThat(arrival.status()).as("arrival: %s", arrival).isEqualTo(201);
                    String status = arrival.json().path("queue").path("status").asString();
                    assertThat(status).as("arrival: %s", arrival).isIn("NOT_OPEN", "WAITING", "ADMITTED");
                    var asked = gateway.get("/api/queue/" + eventId + "/status")
                            .bearer(arrival.json().path("sessionToken").asString())
                            .send();
                    assertThat(asked.status())
                            .as("status of the arrived session: %s", asked)
                            .isEqualTo(200);
                    assertThat(asked.json().path("status").asString()).isIn("NOT_OPEN", "WAITING", "ADMITTED");
                });
        var nowhere = gateway.post("/api/sessions", "{\"eventId\": \"" + UUID.randomUUID() + "\"}")
                .send();
        assertThat(nowhere.status()).as("arrival for no event: %s", nowhere).isEqualTo(404);
        assertThat(nowhere.json().path("type").asString()).isEqualTo("/problems/event-not-found");
    }

    /**
     * The README's walkthrough, pasted whole into bash against this stack: every call answers what its comment
     * says, in order, the waits end, and no call fails. The reconciliation of an event sold through it finds no drift.
     */
    @Test
    @Order(5)
    void theReadmesWalkthroughRunsAsWritten() {
        Walkthrough.Run run = Walkthrough.run(
                Walkthrough.block(),
                Map.of(
                        "GW", stack.gatewayUrl(),
                        "SANDBOX", stack.serviceUrl(Service.PAYMENT_SANDBOX),
                        "ADMIN", stack.adminToken(),
                        "AUDITOR", stack.auditorToken()),
                Duration.ofMinutes(3));
        System.out.println(run.output());
        assertThat(run.exitStatus()).as(run.output()).isZero();
        List<String> calls =
                run.lines().stream().filter(line -> line.contains(" -> ")).toList();
        assertThat(calls)
                .as("no call failed or went unanswered")
                .noneMatch(line -> line.matches(".* -> (5\\d\\d|000) .*"));
        assertThat(calls)
                .as(run.output())
                .map(line -> line.replaceAll("[0-9a-f]{8}-[0-9a-f-]{27}", "{id}"))
                .map(line -> line.substring(0, line.indexOf(" -> ") + 7))
                .filteredOn(line -> !line.matches("GET .*(availability|/status|/orders/\\{id\\}) -> [24]0[04]"))
                // the second hold waits for the gate to hear of the cancel
                .filteredOn(line -> !line.equals("POST /api/events/{id}/holds -> 409"))
                .containsExactly(
                        "POST /admin/events -> 201",
                        "GET /api/events/{id} -> 200",
                        "POST /api/sessions -> 201",
                        "POST /admin/events/{id}/sale/open -> 200",
                        "GET /api/queue/{id}/progress -> 200",
                        "POST /api/events/{id}/holds -> 201",
                        "DELETE /api/orders/{id} -> 204",
                        "POST /api/events/{id}/holds -> 201",
                        "POST /api/orders/{id}/payments -> 202",
                        "POST /api/orders/{id}/payments -> 202",
                        "POST /admin/reconciliation/run -> 201",
                        "GET /audit/reconciliation/reports/{id} -> 200",
                        "GET /audit/reconciliation/verify -> 200",
                        "GET /audit/events/{id}/ledger -> 200",
                        "POST /admin/events -> 400");
        assertThat(run.output())
                .contains("\"status\":\"ADMITTED\"", "\"status\":\"CONFIRMED\"", "\"valid\":true")
                .contains("\"sold\":2");
    }

    /** The contract's tables against the document the gateway merges from the real services' generated parts. */
    @Test
    @Order(8)
    void theGatewaysOpenApiDocumentHasEveryCallOfTheContractWithItsStatuses() throws InterruptedException {
        var document = gateway.get("/api/docs/openapi.json").send();
        // A part that did not answer within the gateway's part-timeout (2 s: a service generating its document for the
        // first time on a loaded machine; seen in CI for queue-service) is marked missing and merged again
        // retry-missing-after (10 s) later, so the document is whole by then: its calls are checked once it is.
        Instant whole = Instant.now().plus(MISSING_PART_MERGED_AGAIN);
        while (document.status() == 200
                && !document.json().path("x-onsale-unavailable").isEmpty()
                && Instant.now().isBefore(whole)) {
            Thread.sleep(1000);
            document = gateway.get("/api/docs/openapi.json").send();
        }
        assertThat(document.status()).as("the document: %s", document).isEqualTo(200);
        assertThat(document.json().path("x-onsale-unavailable"))
                .as("parts missing: %s", document.json().path("x-onsale-unavailable"))
                .isEmpty();
        assertThat(ContractTables.mismatches(ContractTables.ofThisRepository(), document.json()))
                .isEmpty();
        assertThat(document.body())
                .as("gateway-only headers and internal calls stay out")
                .doesNotContain("X-Onsale-", "/internal/");
        var page = gateway.get("/api/docs").send();
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("swagger-ui-bundle.js");
    }

    /**
     * Every change rehearsed: a small sale (300 buyers within 2 s for 60 seats, hold TTL 10 s, seven in ten pay; a
     * few declined cards, double clicks, five-tab sessions, hammering buyers and bots; a provider answering 5xx and
     * repeating its webhooks) run by {@code ./onsale rehearse}'s jar against this stack, as an operator runs it (its
     * default per-address limits left as they are), while the stack suffers the rehearsal's chaos brought close for a
     * short sale: payment-service killed (SIGKILL) and started again at 3 s, the Kafka broker paused for 10 s at 8 s,
     * Redis restarted empty at 14 s. It passes its audit: exit 0, and a report in which every check passed and every
     * fault happened.
     */
    @Test
    @Order(9)
    void aSmallSaleRehearsedThroughTheGatewayPassesEveryCheckOfItsAudit(@TempDir Path reports) throws Exception {
        Thread faults = stack.obeyFaults(TestStacks.log("system"));
        Process rehearsal = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-jar",
                        benchJar().toString(),
                        "rehearse",
                        "--target=" + stack.gatewayUrl(),
                        "--admin-token=" + stack.adminToken(),
                        "--auditor-token=" + stack.auditorToken(),
                        "--buyers=300",
                        "--seats=60",
                        "--arrival-seconds=2",
                        "--hold-ttl=10",
                        "--limit-seconds=300",
                        // every misbehaviour at a visible share, and a provider that fails and repeats itself; the
                        // ones judged at "Pay" large enough that some of them get one of the 60 seats (at 5 % of
                        // 300, none of 15 double-clickers did in a run with the chaos: about one run in ten)
                        "--decline-percent=10",
                        "--double-click-percent=15",
                        "--tabs-percent=3",
                        "--hammer-percent=3",
                        "--bot-percent=3",
                        "--sandbox=" + stack.serviceUrl(Service.PAYMENT_SANDBOX),
                        "--provider-5xx-percent=5",
                        "--webhook-duplicate-percent=20",
                        "--chaos=payment",
                        "--chaos-scale=0.3",
                        "--control-dir=" + stack.controlDir(),
                        "--report-dir=" + reports)
                .redirectErrorStream(true)
                .start();
        String output;
        try {
            output = new String(rehearsal.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(rehearsal.waitFor(10, TimeUnit.MINUTES)).isTrue();
        } finally {
            faults.interrupt();
            pids = stack.pids(); // a killed service and Redis run under new pids
        }
        System.out.println(output);
        assertThat(rehearsal.exitValue()).as(output).isZero();
        assertThat(output).contains("rehearsal passed");

        List<String> files;
        try (Stream<Path> listed = Files.list(reports)) {
            files = listed.map(file -> file.getFileName().toString()).sorted().toList();
        }
        // the report and its page, and the chaos' note of the service it killed, for the next run to kill another
        assertThat(files).hasSize(3).contains("chaos-last-service");
        files = files.stream()
                .filter(file -> !file.equals("chaos-last-service"))
                .toList();
        assertThat(files.get(0)).endsWith(".html");
        assertThat(files.get(1)).isEqualTo(files.get(0).replace(".html", ".json"));
        JsonNode report = JsonMapper.builder()
                .build()
                .readTree(reports.resolve(files.get(1)).toFile());
        assertThat(report.path("checks")).hasSize(16);
        assertThat(report.path("chaos").valueStream().map(f -> f.path("request").asString() + " " + f.path("done")))
                .containsExactlyInAnyOrder("kill-payment true", "pause-kafka-10 true", "restart-redis true");
        assertThat(report.path("timeline"))
                .as("one sample a second through the sale")
                .hasSizeGreaterThan(5);
        String page = Files.readString(reports.resolve(files.get(0)));
        assertThat(page)
                .contains("<svg", "all 16 checks", "a fault's window")
                .as("opens offline: nothing loaded from the network (an address in a check's words is only text)")
                .doesNotContainPattern("(src|href)\\s*=\\s*[\"']?https?://|url\\(\\s*[\"']?https?://|<link|<script");
        for (JsonNode check : report.path("checks")) {
            assertThat(check.path("passed").asBoolean()).as(check.toString()).isTrue();
            assertThat(check.path("detail").asString())
                    .as("every misbehaviour took part in the run: %s", check)
                    .doesNotContain("no such buyer");
        }
        assertThat(report.path("ledger").path("seats").path("sold").asLong()).isEqualTo(60);
    }

    @Test
    @Order(10)
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
        body.put(
                "seatMap",
                Map.of(
                        "sections",
                        List.of(
                                Map.of("name", "A", "rows", ROWS, "seatsPerRow", SEATS_PER_ROW, "priceCents", 5000),
                                Map.of("name", "B", "rows", ROWS, "seatsPerRow", SEATS_PER_ROW, "priceCents", 3000))));
        return body;
    }

    private static Path benchJar() throws IOException {
        Path target = Path.of(System.getProperty("onsale.repo", ".."))
                .toAbsolutePath()
                .normalize()
                .resolve("benchmarks/target");
        try (Stream<Path> jars = Files.list(target)) {
            return jars.filter(p -> p.getFileName().toString().matches("benchmarks-[0-9][^-]*(-SNAPSHOT)?\\.jar"))
                    .findFirst()
                    .orElseThrow(
                            () -> new IllegalStateException("no benchmarks jar in " + target + ": build it first"));
        }
    }
}
