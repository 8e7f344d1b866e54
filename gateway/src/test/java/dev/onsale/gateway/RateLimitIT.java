package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class RateLimitIT extends GatewayIntegrationTest {

    private static final HttpClient FLOOD_CLIENT =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Autowired
    MeterRegistry meters;

    @Test
    void aSessionFiringFortyRequestsAtOnceIsRateLimitedAfterItsBurstWithRetryAfter() {
        String session = newSession();
        String path = "/api/orders/" + unique();
        List<HttpResponse<String>> responses = IntStream.range(0, 40)
                .parallel()
                .mapToObj(i -> send(request(path).header("Authorization", "Bearer " + session)))
                .toList();

        List<HttpResponse<String>> limited =
                responses.stream().filter(r -> r.statusCode() == 429).toList();
        long passed = responses.stream().filter(r -> r.statusCode() == 200).count();
        assertThat(passed + limited.size()).isEqualTo(40);
        assertThat(passed).isBetween(20L, 30L);
        assertThat(limited).isNotEmpty().allSatisfy(response -> {
            assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(json(response).get("type").asString()).isEqualTo("/problems/rate-limited");
        });

        String other = newSession();
        assertThat(send(request(path).header("Authorization", "Bearer " + other))
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void aSessionFloodingWithFiveHundredConcurrentRequestsGetsNoMoreThanItsLimitAndIsMostlyRefusedWithoutRedis() {
        String session = newSession();
        String path = "/api/orders/" + unique();
        double refusedLocallyBefore =
                meters.get("onsale.gateway.ratelimit.refused.locally").counter().count();
        double uncheckedBefore =
                meters.get("onsale.gateway.ratelimit.unchecked").counter().count();
        long started = System.nanoTime();
        List<CompletableFuture<HttpResponse<Void>>> flood = IntStream.range(0, 500)
                .mapToObj(i -> FLOOD_CLIENT.sendAsync(
                        request(path)
                                .header("Authorization", "Bearer " + session)
                                .build(),
                        HttpResponse.BodyHandlers.discarding()))
                .toList();
        Map<Integer, Long> statuses = flood.stream()
                .map(CompletableFuture::join)
                .collect(Collectors.groupingBy(HttpResponse::statusCode, Collectors.counting()));
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
            assertThat(send(request("/actuator/health/liveness")).statusCode()).isEqualTo(200);
        }
        assertThat(meters.get("onsale.gateway.ratelimit.checked").counter().count())
                .isEqualTo(checkedBefore);
    }

    @Test
    void anonymousCatalogReadsAreNotLimitedPerSession() {
        String session = newSession();
        String path = "/api/events/" + unique();
        long passed = IntStream.range(0, 40)
                .mapToObj(i -> send(request(path).header("Authorization", "Bearer " + session)))
                .filter(r -> r.statusCode() == 200)
                .count();
        assertThat(passed).isEqualTo(40);
    }
}
