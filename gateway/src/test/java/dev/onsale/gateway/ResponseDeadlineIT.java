package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.SessionToken;
import dev.onsale.common.token.SessionTokenCodec;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import reactor.core.publisher.Hooks;

/**
 * Upstream answers that arrive just as the gateway's response deadline passes: each request is answered, either
 * with the service's answer or with 503, and none is left without an answer (before the fix, a response arriving
 * on the connection while the deadline fired on a timer thread failed to be written and was dropped: the buyer
 * waited until their own client gave up).
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "onsale.rate-limit.address-burst=1000000",
            "onsale.rate-limit.address-per-second=1000000",
            "onsale.upstream.response-timeout=100ms"
        })
class ResponseDeadlineIT {

    private static final int REQUESTS = 4_000;
    private static final int IN_FLIGHT = 200;
    /** Paths whose answers are held back 95 to 104 ms: around the 100 ms deadline. */
    private static final int PATHS = 10;

    static final StubUpstream QUEUE = StubUpstream.start("queue");

    @LocalServerPort
    int port;

    @Autowired
    SessionTokenCodec sessions;

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry registry) {
        registry.add("onsale.upstream.queue", () -> QUEUE.uri().toString());
    }

    @AfterAll
    static void stopStub() {
        QUEUE.close();
    }

    @Test
    void answersRacingTheDeadlineAreEachAnsweredOnce() {
        String prefix = "/api/queue/" + unique();
        List<String> paths = IntStream.range(0, PATHS)
                .mapToObj(i -> prefix + "-" + i + "/status")
                .toList();
        for (int i = 0; i < PATHS; i++) {
            QUEUE.answer(
                    paths.get(i),
                    new StubUpstream.Answer(
                            200, "application/json", "{\"status\":\"WAITING\"}", Map.of(), Duration.ofMillis(95 + i)));
        }
        TestHttp buyers = TestHttp.at(port)
                .connectTimeout(Duration.ofSeconds(30))
                .timeout(Duration.ofSeconds(20))
                .inFlightAtMost(IN_FLIGHT);
        Instant sessionsExpire = Instant.now().plus(Duration.ofHours(1));
        Map<String, Long> outcomes = new ConcurrentHashMap<>();
        List<Throwable> dropped = new CopyOnWriteArrayList<>();
        Hooks.onErrorDropped(dropped::add);
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            IntStream.range(0, REQUESTS).forEach(i -> {
                String session = sessions.encode(new SessionToken(UUID.randomUUID(), sessionsExpire));
                threads.submit(() -> {
                    try {
                        Reply response =
                                buyers.get(paths.get(i % PATHS)).bearer(session).send();
                        outcomes.merge(outcome(response), 1L, Long::sum);
                    } catch (RuntimeException error) {
                        outcomes.merge(
                                error.getCause() == null
                                        ? error.toString()
                                        : error.getCause().toString(),
                                1L,
                                Long::sum);
                    }
                });
            });
        } finally {
            Hooks.resetOnErrorDropped();
        }

        System.out.printf("[deadline] %d requests around a 100 ms deadline: %s%n", REQUESTS, new TreeMap<>(outcomes));
        assertThat(dropped)
                .as("failures the gateway dropped instead of answering")
                .isEmpty();
        assertThat(outcomes.keySet())
                .as("every request answered with the service's answer or a 503 problem, none left" + " waiting")
                .isSubsetOf("200", "503");
        assertThat(outcomes.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(REQUESTS);
        assertThat(outcomes.get("200")).as("answers in time still pass").isPositive();
        assertThat(outcomes.get("503")).as("late answers are cut off").isPositive();
    }

    /** The status, when the body is the one that goes with it; otherwise what was wrong. */
    private static String outcome(Reply response) {
        String type = response.headers().firstValue("Content-Type").orElse("");
        boolean matches = switch (response.status()) {
            case 200 -> response.body().equals("{\"status\":\"WAITING\"}");
            case 503 ->
                type.startsWith("application/problem+json")
                        && response.headers().firstValue("Retry-After").isPresent();
            default -> false;
        };
        return matches ? Integer.toString(response.status()) : response.status() + " " + type + " " + response.body();
    }
}
