package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.common.Topics;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * An operator's halt reaches the gateway as a SaleStateChanged on onsale.events; from then on the
 * event's buyers are answered by the gateway alone, until the sale resumes.
 */
class SaleHaltIT extends GatewayIntegrationTest {

    @Test
    void aHaltedSaleAnswersItsBuyers503SaleHaltedAndShowsTheStoppedPageUntilItResumes() throws Exception {
        String event = unique();
        String session = newSession();
        String status = "/api/queue/" + event + "/status";
        String join = "/api/queue/" + event + "/join";
        String holds = "/api/events/" + event + "/holds";
        assertThat(poll(session, status).statusCode()).isEqualTo(200);

        publish(event, "OPEN", "HALTED");
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> poll(session, status).statusCode() == 503);

        HttpResponse<String> halted = poll(session, status);
        assertThat(halted.headers().firstValue("Retry-After")).hasValue("30");
        assertThat(halted.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(json(halted).get("type").asString()).isEqualTo("/problems/sale-halted");
        assertThat(json(halted).get("status").asInt()).isEqualTo(503);
        assertThat(send(request(join)
                                .header("Authorization", "Bearer " + session)
                                .POST(HttpRequest.BodyPublishers.ofString("{}")))
                        .statusCode())
                .isEqualTo(503);
        assertThat(send(request(holds)
                                .header("Authorization", "Bearer " + session)
                                .header("X-Admission-Token", admission(session, event))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{\"quantity\": 1}")))
                        .statusCode())
                .isEqualTo(503);
        assertThat(QUEUE.receivedAt(join)).as("nothing forwarded").isNull();
        assertThat(INVENTORY.receivedAt(holds)).as("nothing forwarded").isNull();

        HttpResponse<String> page = send(request("/wait/" + event));
        assertThat(page.statusCode()).isEqualTo(503);
        assertThat(page.headers().firstValue("Retry-After")).hasValue("30");
        assertThat(page.body()).contains("<h1>Sale stopped</h1>");
        assertThat(poll(session, "/api/queue/" + unique() + "/status").statusCode())
                .as("other events go on")
                .isEqualTo(200);

        publish(event, "HALTED", "OPEN");
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> poll(session, status).statusCode() == 200);
        assertThat(send(request("/wait/" + event)).body()).contains("<h1>Waiting room</h1>");
    }

    private HttpResponse<String> poll(String session, String path) {
        return send(request(path).header("Authorization", "Bearer " + session));
    }

    private static void publish(String event, String previous, String current) throws Exception {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, System.getProperty("ONSALE_KAFKA_BOOTSTRAP"),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            ProducerRecord<String, String> record = new ProducerRecord<>(
                    Topics.EVENTS,
                    event,
                    "{\"eventId\":\"%s\",\"previous\":\"%s\",\"current\":\"%s\"}".formatted(event, previous, current));
            record.headers()
                    .add(EnvelopeHeaders.EVENT_ID, UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8))
                    .add(EnvelopeHeaders.EVENT_TYPE, "SaleStateChanged".getBytes(StandardCharsets.UTF_8))
                    .add(EnvelopeHeaders.OCCURRED_AT, Instant.now().toString().getBytes(StandardCharsets.UTF_8));
            producer.send(record).get();
        }
    }
}
