package dev.onsale.queue.opening;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.SaleState;
import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.Race;
import dev.onsale.queue.TestCatalog;
import dev.onsale.queue.schedule.WaitingRoomClock;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

@QueueServiceTest
class OpeningIT {

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    Opening opening;

    @Autowired
    WaitingRoomClock clock;

    private QueueCalls http;
    private TestCatalog catalog;

    @BeforeEach
    void setUp() {
        http = new QueueCalls(port);
        catalog = new TestCatalog(kafka, jedis);
    }

    @Test
    void preQueueJoinsAreShuffledAtTheOpeningInTheOrderTheRecordedSeedReproduces() {
        UUID eventId = catalog.scheduled(100);
        List<UUID> early = sessions(300);
        List<Reply> joins = Race.run(early.size(), i -> http.join(eventId, early.get(i)));
        assertThat(joins).allSatisfy(join -> {
            assertThat(join.json().path("status").asString()).isEqualTo("NOT_OPEN");
            assertThat(join.json().has("position")).isFalse();
            assertThat(join.json().path("pollAfterMs").asLong()).isPositive();
        });
        List<String> arrivalOrder = jedis.zrange(QueueKeys.preQueue(eventId), 0, -1);

        catalog.openSale(eventId);

        Map<String, String> record = jedis.hgetAll(QueueKeys.opening(eventId));
        assertThat(record)
                .containsEntry("state", "open")
                .containsEntry("count", "300")
                .containsKey("openedAt");
        List<String> expected = OpeningOrder.of(
                record.get("seed"), early.stream().map(UUID::toString).toList());
        assertThat(jedis.zrange(QueueKeys.line(eventId), 0, -1))
                .isEqualTo(expected)
                .isNotEqualTo(arrivalOrder);
        for (int i = 0; i < expected.size(); i += 37) {
            Reply status = http.status(eventId, UUID.fromString(expected.get(i)));
            assertThat(status.json().path("status").asString()).isEqualTo("WAITING");
            assertThat(status.json().path("position").asLong()).isEqualTo(i + 1);
        }
    }

    @Test
    void joinsAfterTheOpeningQueueBehindThePreQueueInArrivalOrder() {
        UUID eventId = catalog.scheduled(100);
        sessions(50).forEach(session -> http.join(eventId, session));
        catalog.openSale(eventId);

        List<UUID> late = sessions(20);
        List<Long> positions = late.stream()
                .map(session ->
                        http.join(eventId, session).json().path("position").asLong())
                .toList();

        assertThat(positions)
                .isEqualTo(IntStream.rangeClosed(51, 70).mapToObj(Long::valueOf).toList());
        assertThat(late.stream()
                        .map(session -> http.status(eventId, session)
                                .json()
                                .path("position")
                                .asLong())
                        .toList())
                .isEqualTo(positions);
    }

    @Test
    void theOpeningHappensOnceEvenWhenManyReplicasFindItDueAtOnce() {
        UUID eventId = catalog.created(100, Instant.now().minusSeconds(1), SaleState.SCHEDULED);
        List<UUID> early = sessions(200);
        early.forEach(session -> assertThat(
                        http.join(eventId, session).json().path("status").asString())
                .isEqualTo("NOT_OPEN"));

        List<Boolean> opened = Race.run(16, i -> opening.openIfDue(eventId, Instant.now()));

        assertThat(opened).containsOnly(true);
        assertThat(jedis.hget(QueueKeys.opening(eventId), "count")).isEqualTo("200");
        assertThat(jedis.zcard(QueueKeys.line(eventId))).isEqualTo(200);
        assertThat(jedis.exists(QueueKeys.preQueue(eventId))).isFalse();
        assertThat(jedis.zrange(QueueKeys.line(eventId), 0, -1))
                .isEqualTo(OpeningOrder.of(
                        jedis.hget(QueueKeys.opening(eventId), "seed"),
                        early.stream().map(UUID::toString).toList()));
    }

    @Test
    void theClockOpensAWaitingRoomWhenSaleOpensAtHasComeAndNotBefore() {
        UUID later = catalog.created(100, Instant.now().plusSeconds(3600), SaleState.SCHEDULED);
        UUID due = catalog.created(100, Instant.now().minusMillis(1), SaleState.SCHEDULED);
        UUID buyer = UUID.randomUUID();
        http.join(due, buyer);

        clock.tick();

        assertThat(jedis.exists(QueueKeys.opening(later))).isFalse();
        assertThat(jedis.hget(QueueKeys.opening(due), "state")).isEqualTo("open");
        assertThat(http.status(due, buyer).json().path("status").asString()).isEqualTo("ADMITTED");
    }

    @Test
    void theOpenRoomsAmongManyEventsAreReadInOneCall() {
        UUID open = catalog.created(100, Instant.now().minusMillis(1), SaleState.SCHEDULED);
        UUID later = catalog.created(100, Instant.now().plusSeconds(3600), SaleState.SCHEDULED);
        assertThat(opening.openIfDue(open, Instant.now())).isTrue();
        assertThat(opening.openIfDue(later, Instant.now())).isFalse();
        UUID unreadable = UUID.randomUUID();
        jedis.set(QueueKeys.opening(unreadable), "not an opening");
        List<UUID> events = new ArrayList<>(List.of(open, later, unreadable));
        events.addAll(sessions(300));

        assertThat(opening.openAmong(events)).containsExactly(open);
        jedis.del(QueueKeys.opening(unreadable));
    }

    private static List<UUID> sessions(int n) {
        return IntStream.range(0, n).mapToObj(i -> UUID.randomUUID()).toList();
    }
}
