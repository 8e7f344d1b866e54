package dev.onsale.inventory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OperabilityIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void theServiceIsReadyOnceKafkaRedisAndItsStreamRelayRun() {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            HttpResponse<String> readiness = get("/actuator/health/readiness");
            assertThat(readiness.statusCode()).isEqualTo(200);
            assertThat(readiness.body())
                    .contains("\"status\":\"UP\"")
                    .contains("\"kafka\"")
                    .contains("\"redis\"")
                    .contains("\"streamRelay\"");
        });
    }

    @Test
    void metricsAreExposedForPrometheusTaggedWithTheApplication() throws Exception {
        HttpResponse<String> metrics = get("/actuator/prometheus");

        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("application=\"inventory-service\"");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
