package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.GateHeaders;
import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.Topics;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Once the gate has said that no seat of an event is free, the gateway answers that event's holds sold-out itself,
 * for as long as the gate's word stands, and only the holds the gate would have answered so. The word stands 30 s
 * here, so that only a seat coming free ends it within a test (that it stops standing is SoldOutWordTest's), and at
 * most 4 holds of an event are on their way to inventory-service at once.
 */
@GatewayTest
@TestPropertySource(properties = {"onsale.sold-out-edge.stands-for=30s", "onsale.sold-out-edge.in-flight=4"})
class SoldOutEdgeIT {

    private static final String SOLD_OUT = "{\"type\":\"/problems/sold-out\",\"title\":\"Sold out\",\"status\":409,"
            + "\"detail\":\"no seat is free right now\"}";
    private static final int MAX_PER_ORDER = 4;

    private final TestHttp gateway;

    SoldOutEdgeIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void afterTheGateSaysNoSeatIsFreeTheGatewayAnswersKeylessHoldsItselfUntilASeatComesFree() throws Exception {
        String event = unique();
        String holds = holdsOf(event);
        INVENTORY.answer(holds, gateSoldOut());
        created(event);
        String session = newSession(gateway);
        String admission = AdmissionTokens.issue(session, event);

        Reply atTheGate = hold(holds, session, admission, "{\"quantity\": 1}").send();
        assertThat(atTheGate.status()).isEqualTo(409);
        assertThat(atTheGate.headers().firstValue(GateHeaders.AVAILABLE))
                .as("the gate's word is for the gateway only")
                .isEmpty();
        assertThat(INVENTORY.countAt(holds)).isEqualTo(1);

        // the sale's state and limit come from onsale.events, read a moment after it is published; until then every
        // hold reaches the gate, and each refusal renews the gate's word
        Reply atTheEdge = firstAnsweredAtTheEdge(holds, session, admission, "{\"seatIds\": [\"A-1-1\", \"A-1-2\"]}");
        assertThat(atTheEdge.status()).isEqualTo(409);
        assertThat(atTheEdge.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(atTheEdge.json().get("type").asString()).isEqualTo("/problems/sold-out");
        assertThat(atTheEdge.json().get("detail").asString()).startsWith("no seat is free right now");
        assertThat(atTheEdge.headers().firstValue("Retry-After"))
                .as("the gate's own Retry-After")
                .hasValue("7");
        assertThat(atTheEdge.headers().firstValue(GateHeaders.AVAILABLE)).isEmpty();
        int forwarded = INVENTORY.countAt(holds);

        // what the gate answers before it looks at its counter, or only the gate knows, still reaches it
        assertThat(hold(holds, session, admission, "{\"quantity\": 1}")
                        .header("Idempotency-Key", "retry-1")
                        .send()
                        .status())
                .isEqualTo(409);
        assertThat(hold(holds, session, admission, "{\"quantity\": " + (MAX_PER_ORDER + 1) + "}")
                        .send()
                        .status())
                .isEqualTo(409);
        assertThat(hold(holds, session, admission, "{\"quantity\": 1, \"priceCents\": 1}")
                        .send()
                        .status())
                .isEqualTo(409);
        assertThat(hold(holds, session, admission, "{\"quantity\": 1}")
                        .header("Content-Type", "text/plain")
                        .send()
                        .status())
                .isEqualTo(409);
        assertThat(INVENTORY.countAt(holds)).isEqualTo(forwarded + 4);
        assertThat(new String(INVENTORY.receivedAt(holds).body(), StandardCharsets.UTF_8))
                .as("a body read at the edge goes on as it came")
                .isEqualTo("{\"quantity\": 1}");
        assertThat(hold(holds, session, "not-a-token", "{\"quantity\": 1}")
                        .send()
                        .status())
                .as("admission is checked first")
                .isEqualTo(403);

        // a seat comes free: the gate's announcement ends the word at once, and the next hold takes the seat
        INVENTORY.answer(holds, StubUpstream.Answer.of(201, "application/json", "{}"));
        announce(event, 1, false);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> hold(holds, session, admission, "{\"quantity\": 1}")
                                .send()
                                .status()
                        == 201);

        // the announcement that the last seat went and nothing can come back
        var forGood = new AtomicReference<Reply>();
        String other = newSession(gateway);
        String otherAdmission = AdmissionTokens.issue(other, event);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    announce(event, 0, true);
                    forGood.set(hold(holds, other, otherAdmission, "{\"quantity\": 1}")
                            .send());
                    return forGood.get().status() == 409;
                });
        assertThat(forGood.get().json().get("detail").asString()).contains("none can come back");
        assertThat(forGood.get().headers().firstValue("Retry-After")).isEmpty();

        int reached = INVENTORY.countAt(holds);
        assertThat(hold(holds, session, admission, "{\"quantity\": 1}").send().status())
                .as("the word stands for every session")
                .isEqualTo(409);
        assertThat(INVENTORY.countAt(holds)).isEqualTo(reached);
    }

    @Test
    void aThousandHoldsRacingAfterTheLastSeatWentAreAnsweredAndFewReachTheGate() throws Exception {
        Sale sale = saleTheGateSaidIsSoldOut(400);
        String holds = sale.holds();
        List<String[]> buyers = sale.buyers();
        int before = INVENTORY.countAt(holds);

        Map<String, Integer> statuses = race(holds, buyers, 3);
        int reached = INVENTORY.countAt(holds) - before;
        System.out.printf("[sold-out edge] 1,200 holds at once: %s; %d reached the gate%n", statuses, reached);
        assertThat(statuses).isEqualTo(Map.of("409 /problems/sold-out", 1_200));
        assertThat(reached).as("holds that reached the gate").isLessThan(120);
    }

    @Test
    void holdsWaitingTheirTurnAreAnsweredByTheWordTheFirstOnesBringBack() throws Exception {
        Sale sale = saleTheGateSaidIsSoldOut(50);
        String event = sale.event();
        String holds = sale.holds();
        List<String[]> buyers = sale.buyers();
        String[] first = buyers.getFirst();
        // a seat comes free, and the next hold takes it: no word stands
        INVENTORY.answer(holds, StubUpstream.Answer.of(201, "application/json", "{}"));
        announce(event, 1, false);
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> hold(holds, first[0], first[1], "{\"quantity\": 1}")
                                .send()
                                .status()
                        == 201);

        // the last seat has gone meanwhile; the gate says so slowly, and the crowd presses "Hold" at once
        INVENTORY.answer(
                holds,
                new StubUpstream.Answer(
                        409,
                        "application/problem+json",
                        SOLD_OUT,
                        Map.of(GateHeaders.AVAILABLE, "0", "Retry-After", "7"),
                        Duration.ofMillis(1_500)));
        int before = INVENTORY.countAt(holds);
        Map<String, Integer> statuses = race(holds, buyers, 1);
        assertThat(statuses).isEqualTo(Map.of("409 /problems/sold-out", 50));
        assertThat(INVENTORY.countAt(holds) - before)
                .as("holds sent on: the first turns only; the rest waited and got the word they brought back")
                .isEqualTo(4);
    }

    @Test
    void aHoldThatWaitedForItsTurnStillGivesInventoryItsWholeTimeToAnswer() throws Exception {
        String event = unique();
        String holds = holdsOf(event);
        List<Long> timeToAnswer = new CopyOnWriteArrayList<>();
        INVENTORY.answer(holds, received -> {
            timeToAnswer.add(Long.parseLong(received.header(IdentityHeaders.DEADLINE)) - System.currentTimeMillis());
            return new StubUpstream.Answer(201, "application/json", "{}", Map.of(), Duration.ofMillis(1_500));
        });

        // four turns: the fifth hold waits 1.5 s for one
        assertThat(race(holds, buyers(event, 5), 1)).isEqualTo(Map.of("201", 5));

        assertThat(timeToAnswer).hasSize(5);
        assertThat(Collections.min(timeToAnswer))
                .as("the deadline each hold reached inventory-service with, from then, in ms: %s", timeToAnswer)
                .isGreaterThan(Collections.max(timeToAnswer) - 1_000);
    }

    /** An open event, the holds path and admitted buyers. */
    private record Sale(String event, String holds, List<String[]> buyers) {}

    /** A sale whose gate has said that no seat is free, as the gateway has learnt, with {@code count} buyers. */
    private Sale saleTheGateSaidIsSoldOut(int count) throws Exception {
        String event = unique();
        String holds = holdsOf(event);
        INVENTORY.answer(holds, gateSoldOut());
        created(event);
        List<String[]> buyers = buyers(event, count);
        firstAnsweredAtTheEdge(holds, buyers.getFirst()[0], buyers.getFirst()[1], "{\"quantity\": 1}");
        return new Sale(event, holds, buyers);
    }

    /** {@code count} buyers admitted to the event: each a session token and its admission token. */
    private List<String[]> buyers(String event, int count) {
        List<String[]> buyers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String session = newSession(gateway);
            buyers.add(new String[] {session, AdmissionTokens.issue(session, event)});
        }
        return buyers;
    }

    /** Every buyer's hold {@code rounds} times, all at once: how many got which answer. */
    private Map<String, Integer> race(String holds, List<String[]> buyers, int rounds) throws Exception {
        var statuses = new TreeMap<String, Integer>();
        var start = new CountDownLatch(1);
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Reply>> replies = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                for (String[] buyer : buyers) {
                    replies.add(threads.submit(() -> {
                        start.await();
                        return hold(holds, buyer[0], buyer[1], "{\"quantity\": 1}")
                                .send();
                    }));
                }
            }
            start.countDown();
            for (Future<Reply> reply : replies) {
                Reply answer = reply.get();
                String type =
                        answer.status() == 409 ? " " + answer.json().get("type").asString() : "";
                statuses.merge(answer.status() + type, 1, Integer::sum);
            }
        }
        return statuses;
    }

    /** Sends the hold until the gateway answers it without forwarding it. */
    private Reply firstAnsweredAtTheEdge(String holds, String session, String admission, String body) {
        var reply = new AtomicReference<Reply>();
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    int before = INVENTORY.countAt(holds);
                    reply.set(hold(holds, session, admission, body).send());
                    return reply.get().status() == 409 && INVENTORY.countAt(holds) == before;
                });
        return reply.get();
    }

    private TestHttp.Call hold(String path, String session, String admission, String body) {
        return gateway.post(path, body).bearer(session).header("X-Admission-Token", admission);
    }

    private static StubUpstream.Answer gateSoldOut() {
        return new StubUpstream.Answer(
                409,
                "application/problem+json",
                SOLD_OUT,
                Map.of(GateHeaders.AVAILABLE, "0", "Retry-After", "7"),
                Duration.ZERO);
    }

    private static String holdsOf(String event) {
        return "/api/events/" + event + "/holds";
    }

    private static void created(String event) throws Exception {
        GatewayCalls.publish(
                Topics.EVENTS,
                event,
                "EventCreated",
                ("{\"eventId\":\"%s\",\"name\":\"Edge\",\"venue\":\"Hall\",\"startsAt\":\"2027-01-01T20:00:00Z\","
                                + "\"saleOpensAt\":\"2026-01-01T10:00:00Z\",\"saleState\":\"OPEN\",\"seated\":true,"
                                + "\"capacity\":10,\"currency\":\"EUR\",\"holdTtlSeconds\":60,\"maxPerOrder\":%d}")
                        .formatted(event, MAX_PER_ORDER));
    }

    private static void announce(String event, long available, boolean soldOut) throws Exception {
        GatewayCalls.publish(
                Topics.INVENTORY,
                event,
                "AvailabilityChanged",
                "{\"eventId\":\"%s\",\"available\":%d,\"liveHolds\":%d,\"soldOut\":%s}"
                        .formatted(event, available, soldOut ? 0 : 3, soldOut));
    }
}
