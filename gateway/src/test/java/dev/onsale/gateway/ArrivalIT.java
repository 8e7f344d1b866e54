package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.SERVICES;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.GatewaySignature.Claims;
import dev.onsale.common.token.GatewaySignature.Outcome;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A buyer's arrival in one round trip: {@code POST /api/sessions} with an {@code eventId} creates the session and
 * joins it to that event's waiting room, answering both; when the join fails, no session is given out.
 */
@GatewayTest
class ArrivalIT {

    private static final String WAITING =
            "{\"status\":\"WAITING\",\"position\":41,\"place\":57,\"pollAfterMs\":2000,\"estimatedWaitSeconds\":1}";

    private final TestHttp gateway;

    ArrivalIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void aSessionCreatedForAnEventIsJoinedToItsLineAsThatSessionAndCarriesTheJoinsAnswer() {
        String event = unique();
        String join = "/api/queue/" + event + "/join";
        QUEUE.answer(join, StubUpstream.Answer.of(200, "application/json", WAITING));

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
        assertThat(received.header("X-Onsale-Buyer"))
                .isEqualTo(AdmissionTokens.sessionIdOf(session).toString());
        assertThat(received.header("X-Correlation-Id")).isEqualTo("arrival-1");
        Claims claims = new Claims("POST", join, received.header("X-Onsale-Buyer"), null, null, null);
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
    void withoutAnEventTheSessionIsAsBeforeAndNoJoinIsMade() {
        int joins = QUEUE.countWhere(path -> path.endsWith("/join"));
        Reply created = gateway.post("/api/sessions", "{}").send();

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().has("queue")).isFalse();
        assertThat(QUEUE.countWhere(path -> path.endsWith("/join"))).isEqualTo(joins);
    }

    @Test
    void anEventTheWaitingRoomDoesNotKnowIs404AndGivesOutNoSession() {
        String event = unique();
        QUEUE.answer(
                "/api/queue/" + event + "/join",
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
        QUEUE.answer("/api/queue/" + failing + "/join", StubUpstream.Answer.of(500, "text/plain", "boom"));
        String slow = unique();
        QUEUE.answer(
                "/api/queue/" + slow + "/join",
                new StubUpstream.Answer(200, "application/json", WAITING, Map.of(), Duration.ofSeconds(13)));

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
        int joins = QUEUE.countWhere(path -> path.endsWith("/join"));
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
        assertThat(QUEUE.countWhere(path -> path.endsWith("/join"))).isEqualTo(joins);
    }
}
