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
