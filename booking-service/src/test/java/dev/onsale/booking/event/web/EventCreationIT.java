package dev.onsale.booking.event.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.EventBodies;
import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.common.Topics;
import dev.onsale.common.events.CatalogEvent;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

@BookingServiceTest
class EventCreationIT {

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    TestHttp http;

    @BeforeEach
    void client() {
        http = BookingCalls.at(port);
    }

    @Test
    void anAdminCreatesAnEightHundredSeatMapAndAllItsSeatsAreFree() {
        String body = """
                {"name": "Winter concert", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s",
                 "currency": "EUR", "holdTtlSeconds": 600, "maxPerOrder": 4,
                 "seatMap": {"sections": [{"name": "A", "rows": 20, "seatsPerRow": 20, "priceCents": 5000},
                                          {"name": "B2", "rows": 10, "seatsPerRow": 40, "priceCents": 3000}]}}
                """.formatted(EventBodies.inAMonth(), EventBodies.inAWeek());

        TestHttp.Reply created = BookingCalls.createEvent(http, body);

        assertThat(created.status()).isEqualTo(201);
        JsonNode event = created.json();
        String eventId = event.get("eventId").asString();
        assertThat(created.headers().firstValue("Location")).hasValue("/api/events/" + eventId);
        assertThat(event.get("name").asString()).isEqualTo("Winter concert");
        assertThat(event.get("saleState").asString()).isEqualTo("SCHEDULED");
        assertThat(event.get("seated").asBoolean()).isTrue();
        assertThat(event.get("capacity").asInt()).isEqualTo(800);
        assertThat(event.get("currency").asString()).isEqualTo("EUR");

        JsonNode seats = http.get("/api/events/" + eventId + "/seats").send().json();
        assertThat(seats.get("eventId").asString()).isEqualTo(eventId);
        assertThat(seats.get("seats")).hasSize(800);
        Set<String> ids = new HashSet<>();
        seats.get("seats").forEach(seat -> {
            assertThat(seat.get("status").asString()).isEqualTo("FREE");
            ids.add(seat.get("seatId").asString());
        });
        assertThat(ids).hasSize(800).contains("A-1-1", "A-20-20", "B2-10-40").doesNotContain("A-21-1");
        JsonNode first = seats.get("seats").get(0);
        assertThat(first.get("seatId").asString()).isEqualTo("A-1-1");
        assertThat(first.get("section").asString()).isEqualTo("A");
        assertThat(first.get("row").asInt()).isEqualTo(1);
        assertThat(first.get("number").asInt()).isEqualTo(1);
        assertThat(first.get("priceCents").asInt()).isEqualTo(5000);

        JsonNode detail = http.get("/api/events/" + eventId).send().json();
        assertThat(detail.get("holdTtlSeconds").asInt()).isEqualTo(600);
        assertThat(detail.get("maxPerOrder").asInt()).isEqualTo(4);
        assertThat(http.get("/api/events").send().json().findValuesAsString("eventId"))
                .contains(eventId);
    }

    @Test
    void aGeneralAdmissionEventWhoseSaleOpenedAlreadyIsOpenWithDefaultsAndNumberedPlaces() {
        String body = """
                {"name": "Open air", "venue": "Park", "startsAt": "%s", "saleOpensAt": "%s",
                 "generalAdmission": {"quantity": 800, "priceCents": 3000}}
                """.formatted(EventBodies.inAMonth(), Instant.now().minus(1, ChronoUnit.HOURS));

        JsonNode event = BookingCalls.createEvent(http, body).json();

        assertThat(event.get("saleState").asString()).isEqualTo(SaleState.OPEN.name());
        assertThat(event.get("seated").asBoolean()).isFalse();
        assertThat(event.get("currency").asString()).isEqualTo("EUR");
        assertThat(event.get("holdTtlSeconds").asInt()).isEqualTo(600);
        assertThat(event.get("maxPerOrder").asInt()).isEqualTo(4);
        JsonNode seats = http.get("/api/events/" + event.get("eventId").asString() + "/seats")
                .send()
                .json()
                .get("seats");
        assertThat(seats).hasSize(800);
        assertThat(seats.get(0).get("seatId").asString()).isEqualTo("GA-1");
        assertThat(seats.get(799).get("seatId").asString()).isEqualTo("GA-800");
        assertThat(seats.get(0).get("row").isNull()).isTrue();
    }

    @Test
    void aHundredThousandSeatEventIsAcceptedAndOneSeatMoreIsRefused() {
        long started = System.nanoTime();
        TestHttp.Reply largest = BookingCalls.createEvent(http, EventBodies.seated("Stadium", 100, 1000));
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("POST /admin/events with 100,000 seats: %d ms%n", millis);

        assertThat(largest.status()).isEqualTo(201);
        String eventId = largest.json().get("eventId").asString();
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.seats WHERE event_id = ?::uuid AND status = 'FREE'",
                        Long.class,
                        eventId))
                .isEqualTo(100_000);

        String oneMore = """
                {"name": "Stadium+1", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s",
                 "seatMap": {"sections": [{"name": "A", "rows": 100, "seatsPerRow": 1000, "priceCents": 5000},
                                          {"name": "B", "rows": 1, "seatsPerRow": 1, "priceCents": 5000}]}}
                """.formatted(EventBodies.inAMonth(), EventBodies.inAWeek());
        TestHttp.Reply refused = BookingCalls.createEvent(http, oneMore);
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().findValuesAsString("field")).containsExactly("seatMap");
    }

    @Test
    void eventCreatedReachesKafkaWithTheEnvelopeHeaders(Engines engines) {
        Instant before = Instant.now();
        String eventId = BookingCalls.createEvent(http, EventBodies.seated("Relayed", 2, 5))
                .json()
                .get("eventId")
                .asString();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, engines.kafkaBootstrap()),
                new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.EVENTS).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<ConsumerRecord<String, String>> mine = new ArrayList<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (eventId.equals(r.key())) {
                        mine.add(r);
                    }
                });
                return !mine.isEmpty();
            });
            System.out.printf(
                    "POST /admin/events -> EventCreated on Kafka: %d ms%n",
                    Duration.between(before, Instant.now()).toMillis());

            ConsumerRecord<String, String> record = mine.getFirst();
            Envelope envelope = Envelope.of(record);
            assertThat(envelope.eventType()).isEqualTo("EventCreated");
            assertThat(envelope.occurredAt()).isBetween(before.minusSeconds(1), Instant.now());
            assertThat(record.headers().lastHeader(EnvelopeHeaders.EVENT_ID)).isNotNull();
            CatalogEvent event = envelope.event(CatalogEvent.class);
            assertThat(event).isInstanceOfSatisfying(EventCreated.class, created -> {
                assertThat(created.eventId()).isEqualTo(UUID.fromString(eventId));
                assertThat(created.capacity()).isEqualTo(10);
                assertThat(created.saleState()).isEqualTo(SaleState.SCHEDULED);
                assertThat(created.name()).isEqualTo("Relayed");
            });
        }
    }

    @Test
    void aCallerWithoutTheAdminRoleIsRefusedAndNothingIsWritten() {
        long eventsBefore = count("booking.events");

        TestHttp.Reply anonymous =
                http.post("/admin/events", EventBodies.seated("Sneaky", 1, 1)).send();
        TestHttp.Reply auditor = http.post("/admin/events", EventBodies.seated("Sneaky", 1, 1))
                .role("auditor")
                .send();

        assertThat(anonymous.status()).as("nobody vouched for the caller").isEqualTo(401);
        assertThat(anonymous.json().get("type").asString()).isEqualTo("/problems/unauthorized");
        assertThat(auditor.status())
                .as("a verified auditor is the wrong kind of caller")
                .isEqualTo(403);
        assertThat(auditor.json().get("type").asString()).isEqualTo("/problems/forbidden");
        assertThat(count("booking.events")).isEqualTo(eventsBefore);
    }

    @Test
    void theServiceIsReadyOnceTheOutboxRelayStreams() {
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            TestHttp.Reply readiness = http.get("/actuator/health/readiness").send();
            assertThat(readiness.status()).isEqualTo(200);
            assertThat(readiness
                            .json()
                            .get("components")
                            .get("outboxRelay")
                            .get("status")
                            .asString())
                    .isEqualTo("UP");
        });
    }

    private long count(String table) {
        return jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class);
    }
}
