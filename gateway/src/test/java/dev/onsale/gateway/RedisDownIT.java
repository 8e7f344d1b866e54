package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

@GatewayTest
class RedisDownIT {

    private final TestHttp gateway;

    RedisDownIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @DynamicPropertySource
    static void redisIsUnreachable(DynamicPropertyRegistry registry) {
        registry.add("spring.data.redis.url", () -> "redis://127.0.0.1:" + GatewayCalls.closedPort());
    }

    @Test
    void buyersPassUnlimitedWhileRedisIsUnreachableAndReadinessSaysSo() {
        String session = newSession(gateway);
        String path = "/api/orders/" + unique();
        long passed = IntStream.range(0, 30)
                .mapToObj(i -> gateway.get(path).bearer(session).send())
                .filter(r -> r.status() == 200)
                .count();
        assertThat(passed).isEqualTo(30);
        assertThat(gateway.get("/actuator/health/readiness").send().status()).isEqualTo(503);
        assertThat(gateway.accepting("*/*").get("/actuator/prometheus").send().body())
                .contains("onsale_gateway_ratelimit_unchecked_total");
    }
}
