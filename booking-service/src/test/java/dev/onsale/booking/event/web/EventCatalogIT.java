package dev.onsale.booking.event.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.EventBodies;
import dev.onsale.testing.TestHttp;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import tools.jackson.databind.JsonNode;

@BookingServiceTest
class EventCatalogIT {

    private static final int CONCURRENT_REQUESTS = 200;

    @Value("${local.server.port}")
    int port;

    @Autowired
    MeterRegistry meters;

    TestHttp http;

    @BeforeEach
    void client() {
        http = BookingCalls.at(port);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/events/not-a-uuid", "/api/events/not-a-uuid/seats", "/api/events/123"})
    void idsThatAreNotUuidsAreNotFoundNeverAServerError(String path) {
        TestHttp.Reply response = http.get(path).send();

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/not-found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/seats"})
    void anUnknownEventIsEventNotFound(String suffix) {
        TestHttp.Reply response =
                http.get("/api/events/" + UUID.randomUUID() + suffix).send();

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/event-not-found");
    }

    @Test
    void aRepeatedReadWithTheETagIsNotModified() {
        String eventId = createEvent("Tagged");
        TestHttp.Reply first = http.get("/api/events/" + eventId + "/seats").send();
        String etag = first.headers().firstValue("ETag").orElseThrow();

        TestHttp.Reply again =
                http.get("/api/events/" + eventId + "/seats").ifNoneMatch(etag).send();
        TestHttp.Reply other = http.get("/api/events/" + eventId + "/seats")
                .ifNoneMatch("\"something-else\"")
                .send();

        assertThat(first.status()).isEqualTo(200);
        assertThat(etag).startsWith("\"").endsWith("\"");
        assertThat(first.headers().firstValue("Cache-Control")).hasValue("max-age=1, public");
        assertThat(again.status()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().firstValue("ETag")).hasValue(etag);
        assertThat(other.status()).isEqualTo(200);
        assertThat(other.body()).isEqualTo(first.body());
        assertThat(http.get("/api/events/" + eventId)
                        .ifNoneMatch("W/" + first.json().get("eventId"))
                        .send()
                        .status())
                .isEqualTo(200);
    }

    @Test
    void twoHundredConcurrentRequestsAtAColdKeyCostOneDatabaseLoad() throws Exception {
        String eventId = createEvent("Rush");
        double loadsBefore = seatLoads();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<TestHttp.Reply>> responses = new ArrayList<>();
        try (ExecutorService buyers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CONCURRENT_REQUESTS; i++) {
                responses.add(buyers.submit(() -> {
                    start.await();
                    return http.get("/api/events/" + eventId + "/seats").send();
                }));
            }
            start.countDown();
            for (Future<TestHttp.Reply> response : responses) {
                assertThat(response.get().status()).isEqualTo(200);
            }
        }

        assertThat(seatLoads() - loadsBefore).isEqualTo(1.0);
        JsonNode seats = responses.getFirst().get().json();
        assertThat(seats.get("seats")).hasSize(6);
    }

    private String createEvent(String name) {
        TestHttp.Reply created = BookingCalls.createEvent(http, EventBodies.seated(name, 2, 3));
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("eventId").asString();
    }

    private double seatLoads() {
        Counter counter =
                meters.find("onsale.catalog.loads").tag("view", "seats").counter();
        return counter == null ? 0 : counter.count();
    }
}
