package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "onsale.upstream.response-timeout=500ms")
class UpstreamDownIT {

    static final StubUpstream SLOW_QUEUE = StubUpstream.start("queue");

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void bookingIsDownAndQueueIsSlow(DynamicPropertyRegistry registry) {
        int closed = GatewayCalls.closedPort();
        registry.add("onsale.upstream.queue", () -> SLOW_QUEUE.uri().toString());
        registry.add("onsale.upstream.inventory", () -> "http://127.0.0.1:" + closed);
        registry.add("onsale.upstream.booking", () -> "http://127.0.0.1:" + closed);
        registry.add("onsale.upstream.payment", () -> "http://127.0.0.1:" + closed);
    }

    @AfterAll
    static void stopStub() {
        SLOW_QUEUE.close();
    }

    @Test
    void aServiceThatRefusesConnectionsIsA503WithRetryAfter() {
        assertUnavailable(TestHttp.at(port).get("/api/events/" + unique()).send());
    }

    @Test
    void aServiceThatDoesNotAnswerInTimeIsA503WithRetryAfter() {
        TestHttp gateway = TestHttp.at(port);
        String path = "/api/queue/" + unique() + "/status";
        SLOW_QUEUE.answer(
                path, new StubUpstream.Answer(200, "application/json", "{}", Map.of(), Duration.ofSeconds(5)));
        assertUnavailable(gateway.get(path).bearer(newSession(gateway)).send());
    }

    private static void assertUnavailable(Reply response) {
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/service-unavailable");
    }
}
