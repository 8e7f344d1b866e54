package dev.onsale.booking.event.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.EventBodies;
import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.Topics;
import dev.onsale.common.events.CatalogEvent;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
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
class SaleControlIT {

    private static final int CONCURRENT_OPENS = 20;

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
    void theClockOpensAScheduledSaleShortlyAfterSaleOpensAtAndAnnouncesItOnKafka(Engines engines) {
        Instant opensAt = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.MILLIS);
        String eventId = create(EventBodies.opensAt("Clocked", opensAt, 5));
        assertThat(saleState(eventId)).isEqualTo("SCHEDULED");

        await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> saleState(eventId).equals("OPEN"));
        Instant seenOpen = Instant.now();

        assertThat(seenOpen).isAfterOrEqualTo(opensAt);
        System.out.printf(
                "saleOpensAt -> catalog shows OPEN: %d ms%n",
                Duration.between(opensAt, seenOpen).toMillis());
        JsonNode listed = http.get("/api/events").send().json();
        listed.forEach(e -> {
            if (e.get("eventId").asString().equals(eventId)) {
                assertThat(e.get("saleState").asString()).isEqualTo("OPEN");
            }
        });
        List<ConsumerRecord<String, String>> changes = saleStateChanges(engines, eventId, c -> !c.isEmpty());
        assertThat(changes).hasSize(1);
        ConsumerRecord<String, String> record = changes.getFirst();
        Envelope envelope = Envelope.of(record);
        assertThat(envelope.eventType()).isEqualTo("SaleStateChanged");
        assertThat(envelope.key()).isEqualTo(eventId);
        assertThat(envelope.occurredAt()).isBetween(opensAt, seenOpen.plusSeconds(1));
        assertThat(record.headers().lastHeader(EnvelopeHeaders.EVENT_ID)).isNotNull();
        assertThat(envelope.event(CatalogEvent.class))
                .isEqualTo(new SaleStateChanged(UUID.fromString(eventId), SaleState.SCHEDULED, SaleState.OPEN));
    }

    @Test
    void eachOperatorActionMovesTheSaleAndOnlyRealMovesAreWritten(Engines engines) {
        String eventId = create(EventBodies.seated("Driven", 1, 5));

        conflict(eventId, "pause", "SCHEDULED");
        conflict(eventId, "resume", "SCHEDULED");
        moves(eventId, "open", "OPEN");
        unchanged(eventId, "open", "OPEN");
        unchanged(eventId, "resume", "OPEN");
        moves(eventId, "pause", "PAUSED");
        unchanged(eventId, "pause", "PAUSED");
        conflict(eventId, "open", "PAUSED");
        moves(eventId, "resume", "OPEN");
        moves(eventId, "halt", "HALTED");
        unchanged(eventId, "halt", "HALTED");
        conflict(eventId, "open", "HALTED");
        conflict(eventId, "pause", "HALTED");
        moves(eventId, "resume", "OPEN");
        moves(eventId, "pause", "PAUSED");
        moves(eventId, "halt", "HALTED");

        assertThat(saleState(eventId)).isEqualTo("HALTED");
        assertThat(changes(saleStateChanges(engines, eventId, c -> c.size() >= 7)))
                .containsExactly(
                        "SCHEDULED->OPEN",
                        "OPEN->PAUSED",
                        "PAUSED->OPEN",
                        "OPEN->HALTED",
                        "HALTED->OPEN",
                        "OPEN->PAUSED",
                        "PAUSED->HALTED");
    }

    @Test
    void aScheduledSaleCanBeHaltedAndThenResumedIntoOpen() {
        String eventId = create(EventBodies.seated("Halted early", 1, 5));

        moves(eventId, "halt", "HALTED");
        moves(eventId, "resume", "OPEN");
    }

    @Test
    void twentyConcurrentOpensOfOneScheduledSaleAnnounceItExactlyOnce(Engines engines) throws Exception {
        String eventId = create(EventBodies.seated("Rushed", 1, 5));
        CountDownLatch start = new CountDownLatch(1);
        List<Future<TestHttp.Reply>> responses = new ArrayList<>();
        try (ExecutorService operators = Executors.newFixedThreadPool(CONCURRENT_OPENS)) {
            for (int i = 0; i < CONCURRENT_OPENS; i++) {
                responses.add(operators.submit(() -> {
                    start.await();
                    return action(eventId, "open", IdentityHeaders.ROLE_ADMIN);
                }));
            }
            start.countDown();
            for (Future<TestHttp.Reply> response : responses) {
                assertThat(response.get().status()).isEqualTo(200);
                assertThat(response.get().json().get("saleState").asString()).isEqualTo("OPEN");
            }
        }
        assertThat(version(eventId)).isEqualTo(1);

        // Same key, same partition: once the later pause is read, every earlier change of this event has been.
        moves(eventId, "pause", "PAUSED");
        List<String> changes =
                changes(saleStateChanges(engines, eventId, c -> changes(c).contains("OPEN->PAUSED")));
        assertThat(changes).containsExactly("SCHEDULED->OPEN", "OPEN->PAUSED");
    }

    @Test
    void unknownEventsAndUnknownActionsAreNotFound() {
        String eventId = create(EventBodies.seated("Known", 1, 1));

        TestHttp.Reply unknownEvent = action(UUID.randomUUID().toString(), "open", IdentityHeaders.ROLE_ADMIN);
        TestHttp.Reply unknownAction = action(eventId, "close", IdentityHeaders.ROLE_ADMIN);
        TestHttp.Reply badId = action("not-a-uuid", "open", IdentityHeaders.ROLE_ADMIN);

        assertThat(unknownEvent.status()).isEqualTo(404);
        assertThat(unknownEvent.json().get("type").asString()).isEqualTo("/problems/event-not-found");
        assertThat(unknownAction.status()).isEqualTo(404);
        assertThat(unknownAction.json().get("type").asString()).isEqualTo("/problems/not-found");
        assertThat(badId.status()).isEqualTo(404);
        assertThat(badId.json().get("type").asString()).isEqualTo("/problems/not-found");
        assertThat(saleState(eventId)).isEqualTo("SCHEDULED");
    }

    @Test
    void aCallerWithoutTheAdminRoleIsRefusedAndTheSaleDoesNotMove() {
        String eventId = create(EventBodies.seated("Guarded", 1, 1));

        for (String action : List.of("open", "pause", "resume", "halt")) {
            TestHttp.Reply anonymous = action(eventId, action, null);
            TestHttp.Reply auditor = action(eventId, action, "auditor");

            assertThat(anonymous.status()).as("nobody vouched for the caller").isEqualTo(401);
            assertThat(anonymous.json().get("type").asString()).isEqualTo("/problems/unauthorized");
            assertThat(auditor.status())
                    .as("a verified auditor is the wrong kind of caller")
                    .isEqualTo(403);
            assertThat(auditor.json().get("type").asString()).isEqualTo("/problems/forbidden");
        }
        assertThat(version(eventId)).isZero();
        assertThat(saleState(eventId)).isEqualTo("SCHEDULED");
    }

    private String create(String body) {
        TestHttp.Reply created = BookingCalls.createEvent(http, body);
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("eventId").asString();
    }

    private TestHttp.Reply action(String eventId, String action, String role) {
        return http.post("/admin/events/" + eventId + "/sale/" + action, "")
                .role(role)
                .send();
    }

    private void moves(String eventId, String action, String expected) {
        long before = version(eventId);
        TestHttp.Reply response = action(eventId, action, IdentityHeaders.ROLE_ADMIN);
        assertThat(response.status()).as(action).isEqualTo(200);
        assertThat(response.json().get("eventId").asString()).isEqualTo(eventId);
        assertThat(response.json().get("saleState").asString()).as(action).isEqualTo(expected);
        assertThat(version(eventId)).as(action + " writes the move").isEqualTo(before + 1);
        assertThat(saleState(eventId)).as("catalog after " + action).isEqualTo(expected);
    }

    private void unchanged(String eventId, String action, String current) {
        long before = version(eventId);
        TestHttp.Reply response = action(eventId, action, IdentityHeaders.ROLE_ADMIN);
        assertThat(response.status()).as(action).isEqualTo(200);
        assertThat(response.json().get("saleState").asString()).as(action).isEqualTo(current);
        assertThat(version(eventId)).as(action + " repeated writes nothing").isEqualTo(before);
    }

    private void conflict(String eventId, String action, String current) {
        long before = version(eventId);
        TestHttp.Reply response = action(eventId, action, IdentityHeaders.ROLE_ADMIN);
        assertThat(response.status()).as(action + " on " + current).isEqualTo(409);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode problem = response.json();
        assertThat(problem.get("type").asString()).isEqualTo("/problems/sale-state-conflict");
        assertThat(problem.get("detail").asString()).contains(current).contains(action);
        assertThat(version(eventId))
                .as(action + " on " + current + " writes nothing")
                .isEqualTo(before);
    }

    /** The catalog's view (evicted after every committed move, so it is current here). */
    private String saleState(String eventId) {
        return http.get("/api/events/" + eventId).send().json().get("saleState").asString();
    }

    private long version(String eventId) {
        return jdbc.queryForObject("SELECT version FROM booking.events WHERE id = ?::uuid", Long.class, eventId);
    }

    private static List<String> changes(List<ConsumerRecord<String, String>> records) {
        return records.stream()
                .map(r -> (SaleStateChanged) Envelope.of(r).event(CatalogEvent.class))
                .map(c -> c.previous() + "->" + c.current())
                .toList();
    }

    /** The SaleStateChanged records of {@code eventId} on onsale.events, read from the start until {@code done}. */
    private static List<ConsumerRecord<String, String>> saleStateChanges(
            Engines engines, String eventId, Predicate<List<ConsumerRecord<String, String>>> done) {
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
                    if (eventId.equals(r.key())
                            && "SaleStateChanged".equals(Envelope.of(r).eventType())) {
                        mine.add(r);
                    }
                });
                return done.test(mine);
            });
            return mine;
        }
    }
}
