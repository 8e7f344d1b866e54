package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.SERVICES;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.GatewaySignature.Claims;
import dev.onsale.common.token.GatewaySignature.Outcome;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A buyer's arrival in one round trip: {@code POST /api/sessions} with an {@code eventId} creates the session and
 * joins it to that event's waiting room, answering both; when the join fails, no session is given out.
 */
@GatewayTest
class ArrivalIT {

    private static final String WAITING =
            "{\"status\":\"WAITING\",\"position\":41,\"place\":57,\"pollAfterMs\":2000,\"estimatedWaitSeconds\":1}";

    private final TestHttp gateway;

    @Autowired
    MeterRegistry meters;

    ArrivalIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void aSessionCreatedForAnEventIsJoinedToItsLineAsThatSessionAndCarriesTheJoinsAnswer() {
        String event = unique();
        String join = "/internal/queue/" + event + "/joins";
        QUEUE.answer(join, StubUpstream.Answer.of(200, "application/json", "{\"answers\":[" + WAITING + "]}"));

        Reply created = gateway.post("/api/sessions", "{\"eventId\": \"" + event + "\"}")
                .header("X-Correlation-Id", "arrival-1")
                .send();

        assertThat(created.status()).isEqualTo(201);
        String session = created.json().get("sessionToken").asString();
        assertThat(created.json().get("expiresAt").asString()).isNotEmpty();
        assertThat(created.json().get("queue").get("status").asString()).isEqualTo("WAITING");
        assertThat(created.json().get("queue").get("place").asLong()).isEqualTo(57);
        assertThat(created.json().get("queue").get("pollAfterMs").asLong()).isEqualTo(2000);

        StubUpstream.Received received = QUEUE.receivedAt(join);
        assertThat(received.method()).isEqualTo("POST");
        assertThat(new String(received.body(), StandardCharsets.UTF_8))
                .isEqualTo("{\"sessionIds\":[\"" + AdmissionTokens.sessionIdOf(session) + "\"]}");
        assertThat(received.hasHeader("X-Onsale-Buyer")).isFalse();
        assertThat(received.header("X-Onsale-Role")).isEqualTo("gateway");
        Claims claims = new Claims("POST", join, null, "gateway", null, null);
        assertThat(SERVICES.verify(received.header("X-Onsale-Signature"), claims, Instant.now()))
                .isEqualTo(Outcome.VALID);

        assertThat(gateway.get("/api/queue/" + event + "/status")
                        .bearer(session)
                        .send()
                        .status())
                .as("the token works as any session's")
                .isEqualTo(200);
    }

    @Test
    void theJoinsCallGoesOnAnEventLoopOfItsOwnAndIsMeasured() {
        String event = unique();
        QUEUE.answer(
                "/internal/queue/" + event + "/joins",
                StubUpstream.Answer.of(200, "application/json", "{\"answers\":[" + WAITING + "]}"));
        long calls = meters.get("onsale.gateway.arrival.call").timer().count();
        long queued = meters.get("onsale.gateway.arrival.queued").timer().count();
        long batches = meters.get("onsale.gateway.arrival.batch").summary().count();

        assertThat(gateway.post("/api/sessions", "{\"eventId\": \"" + event + "\"}")
                        .send()
                        .status())
                .isEqualTo(201);

        // the buyers' requests are read and answered on the server's event loops; the join's call on a loop of its
        // own, so that under a burst its answer is not read after theirs (bench sale: 0.9-1.4 s a call on the shared
        // loops against 14-37 ms inside queue-service)
        assertThat(Thread.getAllStackTraces().keySet())
                .extracting(Thread::getName)
                .anyMatch(name -> name.startsWith("onsale-arrivals-"));
        assertThat(meters.get("onsale.gateway.arrival.call").timer().count()).isEqualTo(calls + 1);
        assertThat(meters.get("onsale.gateway.arrival.queued").timer().count()).isEqualTo(queued + 1);
        assertThat(meters.get("onsale.gateway.arrival.batch").summary().count()).isEqualTo(batches + 1);
    }

    @Test
    void withoutAnEventTheSessionIsAsBeforeAndNoJoinIsMade() {
        int joins = QUEUE.countWhere(path -> path.endsWith("/joins"));
        Reply created = gateway.post("/api/sessions", "{}").send();

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().has("queue")).isFalse();
        assertThat(QUEUE.countWhere(path -> path.endsWith("/joins"))).isEqualTo(joins);
    }

    @Test
    void anEventTheWaitingRoomDoesNotKnowIs404AndGivesOutNoSession() {
        String event = unique();
        QUEUE.answer(
                "/internal/queue/" + event + "/joins",
                StubUpstream.Answer.of(
                        404,
                        "application/problem+json",
                        "{\"type\":\"/problems/event-not-found\",\"status\":404,\"title\":\"Event not found\"}"));

        Reply refused = gateway.post("/api/sessions", "{\"eventId\": \"" + event + "\"}")
                .send();

        assertThat(refused.status()).isEqualTo(404);
        assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(refused.json().get("type").asString()).isEqualTo("/problems/event-not-found");
        assertThat(refused.json().has("sessionToken")).isFalse();
    }

    @Test
    void aWaitingRoomThatFailsOrDoesNotAnswerInTimeIs503WithRetryAfterWithinTheJoinTimeout() {
        String failing = unique();
        QUEUE.answer("/internal/queue/" + failing + "/joins", StubUpstream.Answer.of(500, "text/plain", "boom"));
        String slow = unique();
        QUEUE.answer(
                "/internal/queue/" + slow + "/joins",
                new StubUpstream.Answer(
                        200, "application/json", "{\"answers\":[" + WAITING + "]}", Map.of(), Duration.ofSeconds(13)));

        Reply failed = gateway.post("/api/sessions", "{\"eventId\": \"" + failing + "\"}")
                .send();
        long began = System.nanoTime();
        Reply late =
                gateway.post("/api/sessions", "{\"eventId\": \"" + slow + "\"}").send();
        Duration waited = Duration.ofNanos(System.nanoTime() - began);

        for (Reply reply : new Reply[] {failed, late}) {
            assertThat(reply.status()).isEqualTo(503);
            assertThat(reply.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(reply.json().get("type").asString()).isEqualTo("/problems/service-unavailable");
            assertThat(reply.json().has("sessionToken")).isFalse();
        }
        assertThat(waited)
                .as("answered at the join timeout (10 s), not the service's 13 s")
                .isLessThan(Duration.ofMillis(12_500));
    }

    @Test
    void aBodyOtherThanAnEmptyObjectOrAnEventIdIs400AndJoinsNothing() {
        int joins = QUEUE.countWhere(path -> path.endsWith("/joins"));
        for (String body : new String[] {
            "{\"eventId\": \"not-a-uuid\"}",
            "{\"eventId\": 42}",
            "{\"eventId\": \"" + unique() + "\", \"place\": 1}",
            "{\"event\": \"" + unique() + "\"}",
            "[\"" + unique() + "\"]",
            "{\"eventId\": "
        }) {
            Reply refused = gateway.post("/api/sessions", body).send();
            assertThat(refused.status()).as(body).isEqualTo(400);
            assertThat(refused.json().get("type").asString()).as(body).isEqualTo("/problems/invalid-request");
        }
        assertThat(QUEUE.countWhere(path -> path.endsWith("/joins"))).isEqualTo(joins);
    }

    @Test
    void aBurstOfArrivalsGoesInBatchesInArrivalOrderAndEachBuyerGetsItsOwnSessionsAnswer() {
        String event = unique();
        String joins = "/internal/queue/" + event + "/joins";
        // the stand-in for queue-service answers each session of a batch with its own id and its place in the batch
        // (the real one is in queue-service's BatchedJoinIT), a little slowly so that arrivals pile up meanwhile
        QUEUE.answer(joins, request -> {
            JsonNode sessions = TestHttp.JSON.readTree(request.body()).path("sessionIds");
            StringBuilder answers = new StringBuilder("{\"answers\":[");
            for (int i = 0; i < sessions.size(); i++) {
                answers.append(i == 0 ? "" : ",")
                        .append("{\"status\":\"WAITING\",\"sessionId\":\"")
                        .append(sessions.get(i).asString())
                        .append("\",\"inBatch\":")
                        .append(i)
                        .append(",\"batchSize\":")
                        .append(sessions.size())
                        .append('}');
            }
            return new StubUpstream.Answer(
                    200, "application/json", answers.append("]}").toString(), Map.of(), Duration.ofMillis(300));
        });
        int arrivals = 400;

        List<Reply> arrived;
        try (ExecutorService buyers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Reply>> sent = IntStream.range(0, arrivals)
                    .mapToObj(i -> buyers.submit(() -> gateway.post("/api/sessions", "{\"eventId\": \"" + event + "\"}")
                            .send()))
                    .toList();
            arrived = sent.stream().map(ArrivalIT::answerOf).toList();
        }

        assertThat(arrived).allSatisfy(reply -> {
            assertThat(reply.status()).as(reply.toString()).isEqualTo(201);
            String session = AdmissionTokens.sessionIdOf(
                            reply.json().get("sessionToken").asString())
                    .toString();
            assertThat(reply.json().get("queue").get("sessionId").asString())
                    .as("the answer for this buyer's own session")
                    .isEqualTo(session);
        });
        int calls = QUEUE.countAt(joins);
        assertThat(calls)
                .as("%d arrivals, at most 4 calls out at once, each 300 ms: far fewer calls than arrivals", arrivals)
                .isLessThanOrEqualTo(arrivals / 4);
        assertThat(arrived.stream()
                        .mapToInt(reply ->
                                reply.json().get("queue").get("batchSize").asInt()))
                .as("some went together")
                .anySatisfy(size -> assertThat(size).isGreaterThan(1));
    }

    @Test
    void aBatchAnsweredWithTheWrongNumberOfJoinsIs503ForEachOfItsArrivals() {
        String event = unique();
        QUEUE.answer(
                "/internal/queue/" + event + "/joins",
                StubUpstream.Answer.of(200, "application/json", "{\"answers\":[]}"));

        Reply refused = gateway.post("/api/sessions", "{\"eventId\": \"" + event + "\"}")
                .send();

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.json().get("type").asString()).isEqualTo("/problems/service-unavailable");
        assertThat(refused.json().has("sessionToken")).isFalse();
    }

    private static Reply answerOf(Future<Reply> sent) {
        try {
            return sent.get();
        } catch (InterruptedException | ExecutionException e) {
            throw new AssertionError(e);
        }
    }
}
