package dev.onsale.inventory.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.inventory.InventoryKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import redis.clients.jedis.JedisPooled;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AvailabilityIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    JedisPooled jedis;

    private final UUID eventId = UUID.randomUUID();

    @Test
    void availabilityIsReadFromTheCountersAndMayBeCachedForOneSecond() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "12");

        HttpResponse<String> response = get("/api/events/" + eventId + "/availability");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Cache-Control")).contains("max-age=1");
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("available").asLong()).isEqualTo(12);
        assertThat(body.get("liveHolds").asLong()).isZero();
        assertThat(body.get("soldOut").asBoolean()).isFalse();
    }

    @Test
    void anEventWithNothingLeftIsSoldOutOnlyOnceNoHoldIsLive() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "0");
        jedis.set(InventoryKeys.liveHolds(eventId), "3");
        assertThat(JSON.readTree(get("/api/events/" + eventId + "/availability").body())
                        .get("soldOut")
                        .asBoolean())
                .isFalse();

        jedis.set(InventoryKeys.liveHolds(eventId), "0");

        await().atMost(Duration.ofSeconds(5))
                .until(() -> JSON.readTree(
                                get("/api/events/" + eventId + "/availability").body())
                        .get("soldOut")
                        .asBoolean());
    }

    @Test
    void anUnknownEventIsAProblemNamedEventNotFound() throws Exception {
        HttpResponse<String> response = get("/api/events/" + eventId + "/availability");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(JSON.readTree(response.body()).get("type").asString()).isEqualTo("/problems/event-not-found");
    }

    @Test
    void anIdThatIsNoUuidIsNotFound() throws Exception {
        HttpResponse<String> response = get("/api/events/not-a-uuid/availability");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(response.body()).get("type").asString()).isEqualTo("/problems/not-found");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
