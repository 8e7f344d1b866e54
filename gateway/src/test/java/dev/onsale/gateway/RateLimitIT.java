package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

@GatewayTest
class RateLimitIT {

    private final TestHttp gateway;

    @Autowired
    MeterRegistry meters;

    RateLimitIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void aSessionFiringFortyRequestsAtOnceIsRateLimitedAfterItsBurstWithRetryAfter() {
        String session = newSession(gateway);
        String path = "/api/orders/" + unique();
        List<Reply> responses = IntStream.range(0, 40)
                .parallel()
                .mapToObj(i -> gateway.get(path).bearer(session).send())
                .toList();

        List<Reply> limited = responses.stream().filter(r -> r.status() == 429).toList();
        long passed = responses.stream().filter(r -> r.status() == 200).count();
        assertThat(passed + limited.size()).isEqualTo(40);
        assertThat(passed).isBetween(20L, 30L);
        assertThat(limited).isNotEmpty().allSatisfy(response -> {
            assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/rate-limited");
        });

        String other = newSession(gateway);
        assertThat(gateway.get(path).bearer(other).send().status()).isEqualTo(200);
    }

    @Test
    void aSessionFloodingWithFiveHundredConcurrentRequestsGetsNoMoreThanItsLimitAndIsMostlyRefusedWithoutRedis() {
        String session = newSession(gateway);
        String path = "/api/orders/" + unique();
        double refusedLocallyBefore =
                meters.get("onsale.gateway.ratelimit.refused.locally").counter().count();
        double uncheckedBefore =
                meters.get("onsale.gateway.ratelimit.unchecked").counter().count();
        long started = System.nanoTime();
        Map<Integer, Long> statuses;
        try (ExecutorService flooders = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Reply>> flood = IntStream.range(0, 500)
                    .mapToObj(i -> flooders.submit(
                            () -> gateway.get(path).bearer(session).send()))
                    .toList();
            statuses = flood.stream()
                    .map(RateLimitIT::answer)
                    .collect(Collectors.groupingBy(Reply::status, Collectors.counting()));
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(statuses.keySet()).as("statuses %s", statuses).containsOnly(200, 429);
        assertThat(meters.get("onsale.gateway.ratelimit.unchecked").counter().count())
                .isEqualTo(uncheckedBefore);
        assertThat(statuses.get(200))
                .as("passed in %.1f s", seconds)
                .isBetween(20L, 20L + (long) Math.ceil(10 * seconds) + 1);
        assertThat(meters.get("onsale.gateway.ratelimit.refused.locally")
                                .counter()
                                .count()
                        - refusedLocallyBefore)
                .as("refused by the local pre-check")
                .isGreaterThanOrEqualTo(500 - 40 - Math.ceil(10 * seconds));
    }

    @Test
    void aSessionAskingItsQueueStatusFasterThanOnceASecondIsPacedAndItsOtherCallsAreNot() {
        String session = newSession(gateway);
        String status = "/api/queue/" + unique() + "/status";
        double pacedBefore = pacedCount();
        long started = System.nanoTime();
        Map<Integer, List<Reply>> answers;
        try (ExecutorService askers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Reply>> asks = IntStream.range(0, 12)
                    .mapToObj(i -> askers.submit(
                            () -> gateway.get(status).bearer(session).send()))
                    .toList();
            answers = asks.stream().map(RateLimitIT::answer).collect(Collectors.groupingBy(Reply::status));
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(answers.keySet()).as("statuses").containsOnly(200, 429);
        assertThat(answers.get(200)).as("passed in %.1f s", seconds).hasSizeBetween(3, 3 + (int) Math.ceil(seconds));
        assertThat(seconds)
                .as("a refusal is answered when the next ask would pass, a second after the burst")
                .isGreaterThanOrEqualTo(0.9);
        assertThat(answers.get(429)).allSatisfy(refused -> {
            assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(refused.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(refused.json().get("type").asString()).isEqualTo("/problems/rate-limited");
            assertThat(refused.json().get("detail").asString()).contains("place in line", "pace");
        });
        assertThat(pacedCount() - pacedBefore).isEqualTo(answers.get(429).size());
        assertThat(gateway.get("/api/orders/" + unique()).bearer(session).send().status())
                .as("another call of the paced session")
                .isEqualTo(200);
        assertThat(gateway.get(status).bearer(newSession(gateway)).send().status())
                .as("another session's status")
                .isEqualTo(200);
    }

    @Test
    void aClientThatWaitsASecondBetweenStatusAsksIsNeverPaced() throws InterruptedException {
        String session = newSession(gateway);
        String status = "/api/queue/" + unique() + "/status";
        for (int i = 0; i < 6; i++) {
            assertThat(gateway.get(status).bearer(session).send().status())
                    .as("ask %d", i)
                    .isEqualTo(200);
            Thread.sleep(1000);
        }
    }

    private double pacedCount() {
        return meters.get("onsale.gateway.ratelimit.refused")
                .tag("limit", "status-pace")
                .counter()
                .count();
    }

    @Test
    void managementEndpointsAreNotRateLimited() {
        double checkedBefore =
                meters.get("onsale.gateway.ratelimit.checked").counter().count();
        for (int i = 0; i < 10; i++) {
            assertThat(gateway.get("/actuator/health/liveness").send().status()).isEqualTo(200);
        }
        assertThat(meters.get("onsale.gateway.ratelimit.checked").counter().count())
                .isEqualTo(checkedBefore);
    }

    @Test
    void anonymousCatalogReadsAreNotLimitedPerSession() {
        String session = newSession(gateway);
        String path = "/api/events/" + unique();
        long passed = IntStream.range(0, 40)
                .mapToObj(i -> gateway.get(path).bearer(session).send())
                .filter(r -> r.status() == 200)
                .count();
        assertThat(passed).isEqualTo(40);
    }

    private static Reply answer(Future<Reply> call) {
        try {
            return call.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
