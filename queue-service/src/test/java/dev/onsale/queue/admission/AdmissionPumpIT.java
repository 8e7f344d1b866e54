package dev.onsale.queue.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.HmacSigner;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.Race;
import dev.onsale.queue.TestCatalog;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

@QueueServiceTest
class AdmissionPumpIT {

    private static final Duration CLAIM_WINDOW = Duration.ofSeconds(5);

    private static final AdmissionTokenCodec GATEWAY_CODEC =
            new AdmissionTokenCodec(new HmacSigner("local-only-admission-key-change-me-in-production"));

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    AdmissionPump pump;

    private QueueCalls http;
    private TestCatalog catalog;

    @BeforeEach
    void setUp() {
        http = new QueueCalls(port);
        catalog = new TestCatalog(kafka, jedis);
    }

    @Test
    void pumpsRacingOnOneEventNeverExceedMaxActiveBuyersNorAdmitOneBuyerTwice() {
        UUID eventId = catalog.open(100);
        http.putAdmission(eventId, "{\"maxActiveBuyers\": 300, \"maxAdmitPerSecond\": 10000}");
        List<UUID> sessions = waiting(eventId, 2000);

        List<PumpStroke> strokes = race(eventId, 2, 100);

        List<UUID> admitted =
                strokes.stream().flatMap(stroke -> stroke.admitted().stream()).toList();
        assertThat(admitted).hasSize(300).doesNotHaveDuplicates();
        assertThat(admitted).containsExactlyInAnyOrderElementsOf(sessions.subList(0, 300));
        assertThat(strokes).allSatisfy(stroke -> assertThat(stroke.active()).isLessThanOrEqualTo(300));
        assertThat(jedis.zcard(QueueKeys.active(eventId))).isEqualTo(300);
        assertThat(jedis.zcard(QueueKeys.line(eventId))).isEqualTo(1700);
        assertThat(strokes).extracting(PumpStroke::outcome).contains(PumpStroke.Outcome.FULL);
    }

    @Test
    void pumpsRacingOnOneEventNeverAdmitFasterThanMaxAdmitPerSecond() {
        UUID eventId = catalog.open(1000);
        http.putAdmission(eventId, "{\"maxActiveBuyers\": 100000, \"maxAdmitPerSecond\": 200}");
        waiting(eventId, 3000);
        Instant start = Instant.now();

        List<UUID> admitted = new ArrayList<>();
        while (Duration.between(start, Instant.now()).toMillis() < 1500) {
            race(eventId, 2, 5).forEach(stroke -> admitted.addAll(stroke.admitted()));
        }
        double seconds = Duration.between(start, Instant.now()).toMillis() / 1000.0;

        // bucket depth 500 ms of the rate (100), then 200/s
        assertThat(admitted).doesNotHaveDuplicates();
        assertThat((double) admitted.size()).isLessThanOrEqualTo(100 + 200 * seconds + 1);
        assertThat(admitted.size()).isGreaterThanOrEqualTo(200);
    }

    @Test
    void anAdmittedBuyerGetsTheSameTokenOnEveryPollBoundToTheSessionAndEvent() {
        UUID eventId = catalog.open(100);
        UUID buyer = UUID.randomUUID();
        http.join(eventId, buyer);
        pump.pump(eventId);

        Reply first = http.status(eventId, buyer);
        Reply again = http.status(eventId, buyer);
        Reply rejoin = http.join(eventId, buyer);

        assertThat(first.json().path("status").asString()).isEqualTo("ADMITTED");
        assertThat(first.json().has("position")).isFalse();
        assertThat(again.json().path("admissionToken").asString())
                .isEqualTo(first.json().path("admissionToken").asString());
        assertThat(rejoin.json().path("admissionToken").asString())
                .isEqualTo(first.json().path("admissionToken").asString());
        Instant expiresAt =
                Instant.parse(first.json().path("admissionExpiresAt").asString());
        AdmissionTokenCodec.Verdict verdict =
                GATEWAY_CODEC.verify(first.json().path("admissionToken").asString(), buyer, eventId, Instant.now());
        assertThat(verdict.admitted()).isTrue();
        assertThat(verdict.admission().expiresAt()).isEqualTo(expiresAt);
        assertThat(GATEWAY_CODEC
                        .verify(
                                first.json().path("admissionToken").asString(),
                                UUID.randomUUID(),
                                eventId,
                                Instant.now())
                        .refusal())
                .isEqualTo(AdmissionTokenCodec.Refusal.OTHER_SESSION);
    }

    @Test
    void anAdmissionThatExpiresUnusedStopsCountingAndTheSessionMayJoinAgain() {
        UUID eventId = catalog.open(100);
        UUID buyer = UUID.randomUUID();
        http.join(eventId, buyer);
        assertThat(pump.pump(eventId).admitted()).containsExactly(buyer);

        await().atMost(Duration.ofSeconds(10)).until(() -> pump.pump(eventId).active() == 0);

        assertThat(jedis.hexists(QueueKeys.admissions(eventId), buyer.toString()))
                .isFalse();
        assertThat(http.status(eventId, buyer).json().path("type").asString()).isEqualTo("/problems/not-in-queue");
        assertThat(http.join(eventId, buyer).json().path("status").asString()).isEqualTo("WAITING");
    }

    @Test
    void theMeasuredAdmissionRateFeedsTheEstimatedWait() {
        UUID eventId = catalog.open(100);
        http.putAdmission(eventId, "{\"maxActiveBuyers\": 10, \"maxAdmitPerSecond\": 200}");
        List<UUID> sessions = waiting(eventId, 1010);
        pump.pump(eventId);

        Reply last = http.status(eventId, sessions.getLast());

        assertThat(last.json().path("position").asLong()).isEqualTo(1000);
        // 10 admitted since the opening at most 10 s ago: between 1/s and 10/s measured, 1000 ahead
        assertThat(last.json().path("estimatedWaitSeconds").asLong()).isBetween(100L, 1000L);
    }

    @Test
    void aPausedSaleAdmitsNobodyUntilItResumes() {
        UUID eventId = catalog.open(100);
        List<UUID> sessions = waiting(eventId, 3);
        catalog.publishAndAwait(
                Topics.EVENTS,
                eventId,
                Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.OPEN, SaleState.PAUSED)));

        assertThat(pump.pump(eventId).outcome()).isEqualTo(PumpStroke.Outcome.PAUSED);
        assertThat(http.status(eventId, sessions.getFirst())
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("WAITING");

        catalog.publishAndAwait(
                Topics.EVENTS,
                eventId,
                Envelope.wrap(eventId.toString(), new SaleStateChanged(eventId, SaleState.PAUSED, SaleState.OPEN)));
        assertThat(pump.pump(eventId).admitted()).containsExactlyElementsOf(sessions);
    }

    @Test
    void underTheDefaultsThePumpAdmitsNoMoreBuyersThanFreeSeatsUnclaimedByBuyersOnTheirWayToAHold() {
        // this context's admissions last 3 s; a pump of its own keeps them for a minute, with a claim window of
        // CLAIM_WINDOW: the first 40 strokes and the next 11 must fit in it even on a slow, busy machine (at 1 s a
        // CI run saw the first claims lapse mid-race and 100 admitted)
        AdmissionPump pump = new AdmissionPump(
                jedis,
                new AdmissionProperties(
                        "local-only-admission-key-change-me-in-production",
                        List.of(),
                        Duration.ofMinutes(1),
                        200,
                        50,
                        2,
                        Duration.ofMillis(500),
                        2000,
                        Duration.ofSeconds(10),
                        1000,
                        CLAIM_WINDOW));
        UUID eventId = catalog.open(50);
        List<UUID> sessions = waiting(eventId, 2000);

        List<PumpStroke> first = race(pump, eventId, 2, 20);

        // the default maxActiveBuyers (2 per seat: 100) and the rate's bucket (100) would let 100 in
        assertThat(admittedBy(first)).containsExactlyInAnyOrderElementsOf(sessions.subList(0, 50));
        assertThat(first).extracting(PumpStroke::outcome).contains(PumpStroke.Outcome.CLAIMED);

        // 20 of them hold a seat each (their order events mark them in use), the counter says 30 free
        for (UUID holding : sessions.subList(0, 20)) {
            jedis.zadd(QueueKeys.active(eventId), Double.POSITIVE_INFINITY, holding.toString());
        }
        jedis.hset(QueueKeys.availability(eventId), "available", "30");
        assertThat(pump.pump(eventId).outcome())
                .as("30 free seats, 30 admitted buyers on their way")
                .isEqualTo(PumpStroke.Outcome.CLAIMED);

        // 10 seats come back (holds that ended)
        jedis.hset(QueueKeys.availability(eventId), "available", "40");
        assertThat(admittedBy(race(pump, eventId, 2, 5))).containsExactlyInAnyOrderElementsOf(sessions.subList(50, 60));

        // once the claim window has passed, the 40 who have not held claim nothing: the default cap of 100
        // active buyers is what is left (60 active)
        await().atMost(CLAIM_WINDOW.plusSeconds(10))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> pump.pump(eventId).outcome() == PumpStroke.Outcome.FULL);
        assertThat(jedis.zcard(QueueKeys.active(eventId))).isEqualTo(100);
        assertThat(jedis.zrange(QueueKeys.line(eventId), 0, 0))
                .containsExactly(sessions.get(100).toString());
    }

    private static List<UUID> admittedBy(List<PumpStroke> strokes) {
        return strokes.stream().flatMap(stroke -> stroke.admitted().stream()).toList();
    }

    @Test
    void theEventsWhoseLineHoldsSomeoneAreFoundAmongManyInOneCall() {
        UUID withLine = catalog.open(10);
        waiting(withLine, 3);
        List<UUID> events = new ArrayList<>(List.of(withLine));
        for (int i = 0; i < 300; i++) {
            events.add(UUID.randomUUID());
        }
        UUID unreadable = UUID.randomUUID();
        jedis.set(QueueKeys.line(unreadable), "not a line");
        events.add(unreadable);

        assertThat(pump.withBuyersWaiting(events))
                .as("the event with buyers in line, and the one whose line could not be read (its stroke says why)")
                .containsExactlyInAnyOrder(withLine, unreadable);
        jedis.del(QueueKeys.line(unreadable));
    }

    private List<UUID> waiting(UUID eventId, int n) {
        List<UUID> sessions =
                IntStream.range(0, n).mapToObj(i -> UUID.randomUUID()).toList();
        Race.run(n, i -> http.join(eventId, sessions.get(i)));
        return jedis.zrange(QueueKeys.line(eventId), 0, -1).stream()
                .map(UUID::fromString)
                .toList();
    }

    private List<PumpStroke> race(UUID eventId, int pumps, int strokesEach) {
        return race(pump, eventId, pumps, strokesEach);
    }

    private static List<PumpStroke> race(AdmissionPump pump, UUID eventId, int pumps, int strokesEach) {
        List<List<PumpStroke>> perPump = Race.run(pumps, i -> {
            List<PumpStroke> strokes = new ArrayList<>();
            for (int s = 0; s < strokesEach; s++) {
                strokes.add(pump.pump(eventId));
            }
            return strokes;
        });
        return perPump.stream().flatMap(List::stream).toList();
    }
}
