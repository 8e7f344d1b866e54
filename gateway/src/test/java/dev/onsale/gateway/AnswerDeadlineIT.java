package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.onsale.common.token.SessionToken;
import dev.onsale.common.token.SessionTokenCodec;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A request that nothing answers — here a service slower than a response timeout stretched far beyond the
 * answer deadline, standing in for any wait that never ends — is answered 503 at the gateway's answer deadline;
 * an answer whose copy to the buyer is under way at the deadline finishes within the grace, or the buyer's
 * connection is closed: never a status and a Content-Length followed by nothing.
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "onsale.upstream.response-timeout=60s",
            "onsale.upstream.answer-deadline=1s",
            "onsale.upstream.answer-grace=2s"
        })
class AnswerDeadlineIT {

    static final StubUpstream QUEUE = StubUpstream.start("queue");

    @LocalServerPort
    int port;

    @Autowired
    SessionTokenCodec sessions;

    @Autowired
    MeterRegistry meters;

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry registry) {
        registry.add("onsale.upstream.queue", () -> QUEUE.uri().toString());
    }

    @AfterAll
    static void stopStub() {
        QUEUE.close();
    }

    @Test
    void aRequestNothingAnswersIsAnswered503AtTheDeadline() {
        String path = "/api/queue/" + unique() + "/status";
        QUEUE.answer(path, new StubUpstream.Answer(200, "application/json", "{}", Map.of(), Duration.ofSeconds(8)));
        String session = sessions.encode(
                new SessionToken(UUID.randomUUID(), Instant.now().plusSeconds(3600)));
        double firedBefore =
                meters.get("onsale.gateway.answer.deadline.fired").counter().count();

        long started = System.nanoTime();
        Reply response = TestHttp.at(port).get(path).bearer(session).send();
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(response.status()).isEqualTo(503);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
        assertThat(response.body()).contains("/problems/service-unavailable");
        assertThat(took)
                .as("answered at the deadline, not when the service would have")
                .isLessThan(Duration.ofSeconds(8));
        assertThat(QUEUE.receivedAt(path))
                .as("the request had reached the service")
                .isNotNull();
        assertThat(meters.get("onsale.gateway.answer.deadline.fired").counter().count())
                .isEqualTo(firedBefore + 1);
    }

    @Test
    void anAnswerBeingCopiedAtTheDeadlineFinishesWithinTheGrace() {
        String path = "/api/queue/" + unique() + "/status";
        QUEUE.answer(
                path,
                new StubUpstream.Answer(
                        200,
                        "application/json",
                        "{\"position\":7}",
                        Map.of(),
                        Duration.ofMillis(700),
                        Duration.ofMillis(800)));

        Reply response = answer(path);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"position\":7}");
    }

    @Test
    void anAnswerStillBeingCopiedAfterTheGraceClosesTheConnectionInsteadOfLeavingTheBuyerWaiting() {
        String path = "/api/queue/" + unique() + "/status";
        QUEUE.answer(
                path,
                new StubUpstream.Answer(
                        200,
                        "application/json",
                        "{\"position\":7}",
                        Map.of(),
                        Duration.ofMillis(500),
                        Duration.ofSeconds(20)));

        long started = System.nanoTime();
        Throwable failure = catchThrowable(() -> answer(path));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(failure)
                .as("the body never came within deadline + grace: the connection is closed")
                .isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(IOException.class);
        assertThat(failure.getCause())
                .as("closed by the gateway, not given up by the client")
                .isNotInstanceOf(HttpTimeoutException.class);
        assertThat(took)
                .as("at deadline + grace (3 s), not at the client's own bound (15 s)")
                .isLessThan(Duration.ofSeconds(10));
    }

    /**
     * The whole answer, or the failure the client saw, within 15 s (TestHttp bounds a call at its timeout + 5 s): a
     * request timeout bounds the wait for the status line only, and a body announced by Content-Length that never
     * comes would be waited for without end.
     */
    private Reply answer(String path) {
        String session = sessions.encode(
                new SessionToken(UUID.randomUUID(), Instant.now().plusSeconds(3600)));
        return TestHttp.at(port)
                .timeout(Duration.ofSeconds(10))
                .get(path)
                .bearer(session)
                .send();
    }
}
