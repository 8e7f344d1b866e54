package dev.onsale.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.queue.schedule.WaitingRoomClock;
import dev.onsale.testing.TestHttp;
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
            TestHttp.Reply readiness = get("/actuator/health/readiness");
            assertThat(readiness.status()).isEqualTo(200);
            assertThat(readiness.body())
                    .contains("\"status\":\"UP\"")
                    .contains("kafka")
                    .contains("redis");
        });
    }

    @Test
    void metricsAreExposedForPrometheusTaggedWithTheApplication() throws Exception {
        TestHttp.Reply metrics = scrape();

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).contains("application=\"queue-service\"");
    }

    @Test
    void queueLengthActiveBuyersAdmissionsPollsAndThePumpsLastOutcomeAreMeteredPerEvent() throws Exception {
        UUID eventId = new TestCatalog(kafka, jedis).open(100);
        QueueCalls queue = new QueueCalls(port);
        List<UUID> buyers =
                IntStream.range(0, 60).mapToObj(i -> UUID.randomUUID()).toList();
        buyers.forEach(buyer -> queue.join(eventId, buyer));
        queue.putAdmission(eventId, "{\"maxActiveBuyers\": 20, \"maxAdmitPerSecond\": 1000}");

        clock.tick();
        clock.tick(); // nobody more: 20 active of 20 allowed
        queue.status(eventId, buyers.getLast());
        queue.status(eventId, buyers.getFirst());

        String tag = "event=\"" + eventId + "\"";
        String metrics = scrape().body();
        assertThat(metrics)
                .containsPattern("onsale_queue_length\\{[^}]*" + tag + "[^}]*\\} 40\\.0")
                .containsPattern("onsale_queue_active_buyers\\{[^}]*" + tag + "[^}]*\\} 20\\.0")
                .containsPattern("onsale_queue_admitted_total\\{[^}]*" + tag + "[^}]*\\} 20\\.0")
                .containsPattern("onsale_queue_status_polls_total\\{[^}]*" + tag + "[^}]*\\} 2\\.0")
                .containsPattern("onsale_queue_pump_outcome\\{[^}]*" + tag + "[^}]*outcome=\"full\"[^}]*\\} 1\\.0")
                .containsPattern("onsale_queue_pump_outcome\\{[^}]*" + tag + "[^}]*outcome=\"admitted\"[^}]*\\} 0\\.0");
    }

    @Test
    void itsOpenApiPartIsReadWithoutAnIdentityAndNamesItsPublicCallsOnly() throws Exception {
        TestHttp.Reply document = get("/v3/api-docs");

        assertThat(document.status()).isEqualTo(200);
        assertThat(document.body())
                .contains("\"/api/queue/{eventId}/join\"", "\"/admin/events/{eventId}/admission\"")
                .doesNotContain("/internal/", "/actuator", "X-Onsale-", "\"buyer\"", "\"admin\"");
    }

    /** An anonymous call, as a probe or a scraper makes it. */
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
