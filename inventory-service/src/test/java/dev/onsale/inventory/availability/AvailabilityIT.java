package dev.onsale.inventory.availability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import redis.clients.jedis.JedisPooled;
import tools.jackson.databind.JsonNode;

@InventoryServiceTest
class AvailabilityIT {

    @LocalServerPort
    int port;

    @Autowired
    JedisPooled jedis;

    private final UUID eventId = UUID.randomUUID();

    @Test
    void availabilityIsReadFromTheCountersAndMayBeCachedForOneSecond() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "12");

        TestHttp.Reply response = get("/api/events/" + eventId + "/availability");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers().firstValue("Cache-Control")).contains("max-age=1");
        JsonNode body = response.json();
        assertThat(body.get("available").asLong()).isEqualTo(12);
        assertThat(body.get("liveHolds").asLong()).isZero();
        assertThat(body.get("soldOut").asBoolean()).isFalse();
    }

    @Test
    void anEventWithNothingLeftIsSoldOutOnlyOnceNoHoldIsLive() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "0");
        jedis.set(InventoryKeys.liveHolds(eventId), "3");
        assertThat(get("/api/events/" + eventId + "/availability")
                        .json()
                        .get("soldOut")
                        .asBoolean())
                .isFalse();

        jedis.set(InventoryKeys.liveHolds(eventId), "0");

        await().atMost(Duration.ofSeconds(5))
                .until(() -> get("/api/events/" + eventId + "/availability")
                        .json()
                        .get("soldOut")
                        .asBoolean());
    }

    @Test
    void anUnknownEventIsAProblemNamedEventNotFound() throws Exception {
        TestHttp.Reply response = get("/api/events/" + eventId + "/availability");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/event-not-found");
    }

    @Test
    void anIdThatIsNoUuidIsNotFound() throws Exception {
        TestHttp.Reply response = get("/api/events/not-a-uuid/availability");

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/not-found");
    }

    /** An anonymous call: availability is public. */
    private TestHttp.Reply get(String path) {
        return TestHttp.at(port).get(path).send();
    }
}
