package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RateLimitIT extends GatewayIntegrationTest {

    @Test
    void aSessionFiringFortyRequestsAtOnceIsRateLimitedAfterItsBurstWithRetryAfter() {
        String session = newSession();
        String path = "/api/orders/" + unique();
        List<HttpResponse<String>> responses = IntStream.range(0, 40).parallel()
                .mapToObj(i -> send(request(path).header("Authorization", "Bearer " + session)))
                .toList();

        List<HttpResponse<String>> limited = responses.stream().filter(r -> r.statusCode() == 429).toList();
        long passed = responses.stream().filter(r -> r.statusCode() == 200).count();
        assertThat(passed + limited.size()).isEqualTo(40);
        assertThat(passed).isBetween(20L, 30L);
        assertThat(limited).isNotEmpty().allSatisfy(response -> {
            assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(json(response).get("type").asString()).isEqualTo("/problems/rate-limited");
        });

        String other = newSession();
        assertThat(send(request(path).header("Authorization", "Bearer " + other)).statusCode()).isEqualTo(200);
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
