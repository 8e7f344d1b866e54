package dev.onsale.inventory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.testing.TestHttp;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@InventoryServiceTest
class OperabilityIT {

    @LocalServerPort
    int port;

    @Test
    void theServiceIsReadyOnceKafkaRedisAndItsStreamRelayRun() {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            TestHttp.Reply readiness = get("/actuator/health/readiness");
            assertThat(readiness.status()).isEqualTo(200);
            assertThat(readiness.body())
                    .contains("\"status\":\"UP\"")
                    .contains("\"kafka\"")
                    .contains("\"redis\"")
                    .contains("\"streamRelay\"");
        });
    }

    @Test
    void metricsAreExposedForPrometheusTaggedWithTheApplication() throws Exception {
        TestHttp.Reply metrics = scrape();

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains("application=\"inventory-service\"");
    }

    /** An anonymous call, as a probe makes it. */
    private TestHttp.Reply get(String path) {
        return TestHttp.at(port).get(path).send();
    }

    private TestHttp.Reply scrape() {
        return TestHttp.at(port)
                .get("/actuator/prometheus")
                .header("Accept", "text/plain")
                .send();
    }
}
