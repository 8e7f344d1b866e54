package dev.onsale.queue.line;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;

import dev.onsale.common.events.SaleState;
import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.Race;
import dev.onsale.queue.TestCatalog;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
class JoinIT {

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    WaitingRoom waitingRoom;

    private QueueCalls http;
    private TestCatalog catalog;

    @BeforeEach
    void setUp() {
        http = new QueueCalls(port);
        catalog = new TestCatalog(kafka, jedis);
    }

    @Test
    void fiveThousandConcurrentJoinsGetDistinctPositionsOneToFiveThousandAndRejoinsKeepThem() {
        UUID eventId = catalog.open(800);
        List<UUID> sessions =
                IntStream.range(0, 5000).mapToObj(i -> UUID.randomUUID()).toList();

        List<Reply> joins = Race.run(sessions.size(), i -> http.join(eventId, sessions.get(i)));

        assertThat(joins).allSatisfy(join -> {
            assertThat(join.status()).isEqualTo(200);
            assertThat(join.json().path("status").asString()).isEqualTo("WAITING");
            assertThat(join.json().path("pollAfterMs").asLong()).isBetween(1_000L, 30_000L);
        });
        List<Long> positions = joins.stream()
                .map(join -> join.json().path("position").asLong())
                .toList();
        assertThat(positions)
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.rangeClosed(1, 5000).mapToObj(Long::valueOf).toList());

        List<Reply> rejoins = Race.run(
                sessions.size(),
                i -> i % 2 == 0 ? http.join(eventId, sessions.get(i)) : http.status(eventId, sessions.get(i)));

        assertThat(rejoins.stream()
                        .map(answer -> answer.json().path("position").asLong())
                        .toList())
                .isEqualTo(positions);
        assertThat(jedis.zcard(dev.onsale.queue.QueueKeys.line(eventId))).isEqualTo(5000);
    }

    @Test
    void fiveThousandSessionsReleasedAtOnceOntoRedisGetDistinctPositionsOneToFiveThousand() {
        UUID eventId = catalog.open(800);

        List<Place> places = Race.run(5000, i -> waitingRoom.join(eventId, UUID.randomUUID()));

        assertThat(places).extracting(Place::status).containsOnly(QueueStatus.WAITING);
        assertThat(places)
                .extracting(Place::position)
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.rangeClosed(1, 5000).mapToObj(Long::valueOf).toList());
    }

    @Test
    void fiveConcurrentJoinsFromOneSessionHoldOnePlace() {
        UUID eventId = catalog.open(800);
        http.join(eventId, UUID.randomUUID());
        UUID fiveTabs = UUID.randomUUID();

        List<Reply> joins = Race.run(5, i -> http.join(eventId, fiveTabs));

        assertThat(joins)
                .extracting(join -> join.json().path("position").asLong())
                .containsOnly(2L);
        assertThat(http.join(eventId, UUID.randomUUID()).json().path("position").asLong())
                .isEqualTo(3);
    }

    @Test
    void theFrontOfTheLinePollsOftenAndTheBackRarelyWithAnEstimatedWait() {
        UUID eventId = catalog.open(800);
        List<UUID> sessions =
                IntStream.range(0, 400).mapToObj(i -> UUID.randomUUID()).toList();
        sessions.forEach(session -> http.join(eventId, session));

        Reply front = http.status(eventId, sessions.getFirst());
        Reply back = http.status(eventId, sessions.getLast());

        assertThat(front.json().path("position").asLong()).isEqualTo(1);
        assertThat(front.json().path("pollAfterMs").asLong()).isEqualTo(1_000);
        assertThat(back.json().path("position").asLong()).isEqualTo(400);
        assertThat(back.json().path("pollAfterMs").asLong())
                .isGreaterThan(front.json().path("pollAfterMs").asLong());
        assertThat(back.json().has("estimatedWaitSeconds")).isTrue();
        assertThat(back.json().path("estimatedWaitSeconds").asLong())
                .isEqualTo(2); // 400 at the default 200/s, nobody admitted yet
    }

    @Test
    void aSaleMonthsAwaySaysWhenItOpensAndToAskAgainInAMinuteNotEverySecond() {
        Instant saleOpensAt = Instant.now().plus(Duration.ofDays(90)).truncatedTo(ChronoUnit.SECONDS);
        UUID eventId = catalog.created(800, saleOpensAt, SaleState.SCHEDULED);
        UUID session = UUID.randomUUID();

        Reply join = http.join(eventId, session);
        Reply status = http.status(eventId, session);

        assertSoftly(softly -> {
            for (Reply answer : List.of(join, status)) {
                softly.assertThat(answer.status()).isEqualTo(200);
                softly.assertThat(answer.json().path("status").asString()).isEqualTo("NOT_OPEN");
                softly.assertThat(answer.json().path("saleOpensAt").asString())
                        .as("saleOpensAt")
                        .isEqualTo(saleOpensAt.toString());
                softly.assertThat(answer.json().path("pollAfterMs").asLong())
                        .as("pollAfterMs")
                        .isEqualTo(60_000);
            }
        });
    }

    @Test
    void anUnknownEventIsEventNotFoundAndAMalformedIdIsNotFound() {
        Reply unknown = http.join(UUID.randomUUID(), UUID.randomUUID());
        Reply malformed = http.http()
                .post("/api/queue/not-a-uuid/join", null)
                .buyer(UUID.randomUUID())
                .send();

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("type").asString()).isEqualTo("/problems/event-not-found");
        assertThat(malformed.status()).isEqualTo(404);
        assertThat(malformed.json().path("type").asString()).isEqualTo("/problems/not-found");
    }

    @Test
    void theStatusOfASessionThatNeverJoinedIsNotInQueue() {
        UUID eventId = catalog.open(800);

        Reply status = http.status(eventId, UUID.randomUUID());

        assertThat(status.status()).isEqualTo(404);
        assertThat(status.json().path("type").asString()).isEqualTo("/problems/not-in-queue");
    }

    @Test
    void joiningWithoutASessionIsUnauthorized() {
        UUID eventId = catalog.open(800);

        Reply join = http.http().post("/api/queue/" + eventId + "/join", null).send();

        assertThat(join.status()).isEqualTo(401);
    }
}
