package dev.onsale.queue.line;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.queue.QueueHttp;
import dev.onsale.queue.QueueHttp.Answer;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.Race;
import dev.onsale.queue.TestCatalog;
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

    private QueueHttp http;
    private TestCatalog catalog;

    @BeforeEach
    void setUp() {
        http = new QueueHttp(port);
        catalog = new TestCatalog(kafka, jedis);
    }

    @Test
    void fiveThousandConcurrentJoinsGetDistinctPositionsOneToFiveThousandAndRejoinsKeepThem() {
        UUID eventId = catalog.open(800);
        List<UUID> sessions =
                IntStream.range(0, 5000).mapToObj(i -> UUID.randomUUID()).toList();

        List<Answer> joins = Race.run(sessions.size(), i -> http.join(eventId, sessions.get(i)));

        assertThat(joins).allSatisfy(join -> {
            assertThat(join.status()).isEqualTo(200);
            assertThat(join.text("status")).isEqualTo("WAITING");
            assertThat(join.number("pollAfterMs")).isBetween(1_000L, 30_000L);
        });
        List<Long> positions =
                joins.stream().map(join -> join.number("position")).toList();
        assertThat(positions)
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.rangeClosed(1, 5000).mapToObj(Long::valueOf).toList());

        List<Answer> rejoins = Race.run(
                sessions.size(),
                i -> i % 2 == 0 ? http.join(eventId, sessions.get(i)) : http.status(eventId, sessions.get(i)));

        assertThat(rejoins.stream().map(answer -> answer.number("position")).toList())
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

        List<Answer> joins = Race.run(5, i -> http.join(eventId, fiveTabs));

        assertThat(joins).extracting(join -> join.number("position")).containsOnly(2L);
        assertThat(http.join(eventId, UUID.randomUUID()).number("position")).isEqualTo(3);
    }

    @Test
    void theFrontOfTheLinePollsOftenAndTheBackRarelyWithAnEstimatedWait() {
        UUID eventId = catalog.open(800);
        List<UUID> sessions =
                IntStream.range(0, 400).mapToObj(i -> UUID.randomUUID()).toList();
        sessions.forEach(session -> http.join(eventId, session));

        Answer front = http.status(eventId, sessions.getFirst());
        Answer back = http.status(eventId, sessions.getLast());

        assertThat(front.number("position")).isEqualTo(1);
        assertThat(front.number("pollAfterMs")).isEqualTo(1_000);
        assertThat(back.number("position")).isEqualTo(400);
        assertThat(back.number("pollAfterMs")).isGreaterThan(front.number("pollAfterMs"));
        assertThat(back.body().has("estimatedWaitSeconds")).isTrue();
        assertThat(back.number("estimatedWaitSeconds")).isEqualTo(2); // 400 at the default 200/s, nobody admitted yet
    }

    @Test
    void anUnknownEventIsEventNotFoundAndAMalformedIdIsNotFound() {
        Answer unknown = http.join(UUID.randomUUID(), UUID.randomUUID());
        Answer malformed = http.send("POST", "/api/queue/not-a-uuid/join", null, UUID.randomUUID(), null);

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.text("type")).isEqualTo("/problems/event-not-found");
        assertThat(malformed.status()).isEqualTo(404);
        assertThat(malformed.text("type")).isEqualTo("/problems/not-found");
    }

    @Test
    void theStatusOfASessionThatNeverJoinedIsNotInQueue() {
        UUID eventId = catalog.open(800);

        Answer status = http.status(eventId, UUID.randomUUID());

        assertThat(status.status()).isEqualTo(404);
        assertThat(status.text("type")).isEqualTo("/problems/not-in-queue");
    }

    @Test
    void joiningWithoutASessionIsUnauthorized() {
        UUID eventId = catalog.open(800);

        Answer join = http.send("POST", "/api/queue/" + eventId + "/join", null, null, null);

        assertThat(join.status()).isEqualTo(401);
    }
}
