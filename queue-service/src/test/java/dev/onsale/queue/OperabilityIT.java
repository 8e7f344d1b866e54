package dev.onsale.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.queue.schedule.WaitingRoomClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

@QueueServiceTest
class OperabilityIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    WaitingRoomClock clock;

    @Test
    void theServiceIsReadyOnceKafkaAndRedisAnswer() {
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            HttpResponse<String> readiness = get("/actuator/health/readiness");
            assertThat(readiness.statusCode()).isEqualTo(200);
            assertThat(readiness.body())
                    .contains("\"status\":\"UP\"")
                    .contains("kafka")
                    .contains("redis");
        });
    }

    @Test
    void metricsAreExposedForPrometheusTaggedWithTheApplication() throws Exception {
        HttpResponse<String> metrics = get("/actuator/prometheus");

        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("application=\"queue-service\"");
    }

    @Test
    void queueLengthActiveBuyersAdmissionsAndPollsAreMeteredPerEvent() throws Exception {
        UUID eventId = new TestCatalog(kafka, jedis).open(100);
        QueueHttp queue = new QueueHttp(port);
        List<UUID> buyers =
                IntStream.range(0, 60).mapToObj(i -> UUID.randomUUID()).toList();
        buyers.forEach(buyer -> queue.join(eventId, buyer));
        queue.putAdmission(eventId, "{\"maxActiveBuyers\": 20, \"maxAdmitPerSecond\": 1000}");

        clock.tick();
        queue.status(eventId, buyers.getLast());
        queue.status(eventId, buyers.getFirst());

        String tag = "event=\"" + eventId + "\"";
        String metrics = get("/actuator/prometheus").body();
        assertThat(metrics)
                .containsPattern("onsale_queue_length\\{[^}]*" + tag + "[^}]*\\} 40\\.0")
                .containsPattern("onsale_queue_active_buyers\\{[^}]*" + tag + "[^}]*\\} 20\\.0")
                .containsPattern("onsale_queue_admitted_total\\{[^}]*" + tag + "[^}]*\\} 20\\.0")
                .containsPattern("onsale_queue_status_polls_total\\{[^}]*" + tag + "[^}]*\\} 2\\.0");
    }

    @Test
    void itsOpenApiPartIsReadWithoutAnIdentityAndNamesItsPublicCallsOnly() throws Exception {
        HttpResponse<String> document = get("/v3/api-docs");

        assertThat(document.statusCode()).isEqualTo(200);
        assertThat(document.body())
                .contains("\"/api/queue/{eventId}/join\"", "\"/admin/events/{eventId}/admission\"")
                .doesNotContain("/internal/", "/actuator", "X-Onsale-", "\"buyer\"", "\"admin\"");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
