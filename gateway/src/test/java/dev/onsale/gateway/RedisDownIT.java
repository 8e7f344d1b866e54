package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

class RedisDownIT extends GatewayIntegrationTest {

    @DynamicPropertySource
    static void redisIsUnreachable(DynamicPropertyRegistry registry) {
        registry.add("spring.data.redis.url", () -> "redis://127.0.0.1:" + GatewayClient.closedPort());
    }

    @Test
    void buyersPassUnlimitedWhileRedisIsUnreachableAndReadinessSaysSo() {
        String session = newSession();
        String path = "/api/orders/" + unique();
        long passed = IntStream.range(0, 30)
                .mapToObj(i -> send(request(path).header("Authorization", "Bearer " + session)))
                .filter(r -> r.statusCode() == 200)
                .count();
        assertThat(passed).isEqualTo(30);
        assertThat(send(request("/actuator/health/readiness")).statusCode()).isEqualTo(503);
        assertThat(send(request("/actuator/prometheus")).body()).contains("onsale_gateway_ratelimit_unchecked_total");
    }
}
