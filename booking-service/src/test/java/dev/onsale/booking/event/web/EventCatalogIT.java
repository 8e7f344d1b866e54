package dev.onsale.booking.event.web;

import static dev.onsale.booking.BookingHttp.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.booking.BookingHttp;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.EventBodies;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpResponse;
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

    BookingHttp http;

    @BeforeEach
    void client() {
        http = new BookingHttp(port);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/events/not-a-uuid", "/api/events/not-a-uuid/seats", "/api/events/123"})
    void idsThatAreNotUuidsAreNotFoundNeverAServerError(String path) {
        HttpResponse<String> response = http.get(path);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/not-found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "/seats"})
    void anUnknownEventIsEventNotFound(String suffix) {
        HttpResponse<String> response = http.get("/api/events/" + UUID.randomUUID() + suffix);

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/event-not-found");
    }

    @Test
    void aRepeatedReadWithTheETagIsNotModified() {
        String eventId = createEvent("Tagged");
        HttpResponse<String> first = http.get("/api/events/" + eventId + "/seats");
        String etag = first.headers().firstValue("ETag").orElseThrow();

        HttpResponse<String> again = http.get("/api/events/" + eventId + "/seats", etag);
        HttpResponse<String> other = http.get("/api/events/" + eventId + "/seats", "\"something-else\"");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(etag).startsWith("\"").endsWith("\"");
        assertThat(first.headers().firstValue("Cache-Control")).hasValue("max-age=1, public");
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().firstValue("ETag")).hasValue(etag);
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(other.body()).isEqualTo(first.body());
        assertThat(http.get("/api/events/" + eventId, "W/" + json(first).get("eventId"))
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void twoHundredConcurrentRequestsAtAColdKeyCostOneDatabaseLoad() throws Exception {
        String eventId = createEvent("Rush");
        double loadsBefore = seatLoads();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<HttpResponse<String>>> responses = new ArrayList<>();
        try (ExecutorService buyers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < CONCURRENT_REQUESTS; i++) {
                responses.add(buyers.submit(() -> {
                    start.await();
                    return http.get("/api/events/" + eventId + "/seats");
                }));
            }
            start.countDown();
            for (Future<HttpResponse<String>> response : responses) {
                assertThat(response.get().statusCode()).isEqualTo(200);
            }
        }

        assertThat(seatLoads() - loadsBefore).isEqualTo(1.0);
        JsonNode seats = json(responses.getFirst().get());
        assertThat(seats.get("seats")).hasSize(6);
    }

    private String createEvent(String name) {
        HttpResponse<String> created = http.createEvent(EventBodies.seated(name, 2, 3));
        assertThat(created.statusCode()).isEqualTo(201);
        return json(created).get("eventId").asString();
    }

    private double seatLoads() {
        Counter counter =
                meters.find("onsale.catalog.loads").tag("view", "seats").counter();
        return counter == null ? 0 : counter.count();
    }
}
