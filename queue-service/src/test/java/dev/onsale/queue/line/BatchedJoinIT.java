package dev.onsale.queue.line;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.events.SaleState;
import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.Race;
import dev.onsale.queue.TestCatalog;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
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
import tools.jackson.databind.JsonNode;

/** {@code POST /internal/queue/{eventId}/joins}: the gateway's batched joins of the arrivals it has just created. */
@QueueServiceTest
class BatchedJoinIT {

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    private QueueCalls http;
    private TestCatalog catalog;

    @BeforeEach
    void setUp() {
        http = new QueueCalls(port);
        catalog = new TestCatalog(kafka, jedis);
    }

    @Test
    void batchesRacingSingleJoinsGiveEverySessionOneDistinctPlaceEachBatchInItsOrderAndAgainTheSameOnes() {
        UUID eventId = catalog.open(800);
        List<List<UUID>> batches = IntStream.range(0, 50)
                .mapToObj(b ->
                        IntStream.range(0, 100).mapToObj(i -> UUID.randomUUID()).toList())
                .toList();
        List<UUID> singles =
                IntStream.range(0, 1000).mapToObj(i -> UUID.randomUUID()).toList();

        List<Reply> replies = Race.run(
                batches.size() + singles.size(),
                i -> i < batches.size()
                        ? joins(eventId, batches.get(i))
                        : http.join(eventId, singles.get(i - batches.size())));

        List<Long> places = new ArrayList<>();
        for (int b = 0; b < batches.size(); b++) {
            Reply reply = replies.get(b);
            assertThat(reply.status()).as("batch %d: %s", b, reply).isEqualTo(200);
            List<Long> batchPlaces = placesOf(reply, batches.get(b).size());
            assertThat(batchPlaces)
                    .as("a batch's sessions are placed in its order")
                    .isSorted();
            places.addAll(batchPlaces);
        }
        for (Reply single : replies.subList(batches.size(), replies.size())) {
            assertThat(single.status()).isEqualTo(200);
            places.add(single.json().path("place").asLong());
        }
        assertThat(places)
                .as("5,000 batched and 1,000 single joins: places 1 to 6,000, each once")
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.rangeClosed(1, 6000).mapToObj(Long::valueOf).toList());
        assertThat(jedis.zcard(QueueKeys.line(eventId))).isEqualTo(6000);

        List<UUID> again = new ArrayList<>(batches.get(7));
        Collections.reverse(again);
        List<Long> kept = placesOf(joins(eventId, again), again.size());
        List<Long> first = placesOf(replies.get(7), again.size());
        assertThat(kept).isEqualTo(first.reversed());
        Reply status = http.status(eventId, again.getFirst());
        assertThat(status.json().path("place").asLong()).isEqualTo(kept.getFirst());
        assertThat(jedis.zcard(QueueKeys.line(eventId))).isEqualTo(6000);
    }

    @Test
    void eachAnswerOfABatchIsWhatThatSessionsOwnJoinAnswers() {
        UUID eventId = catalog.open(800);
        List<UUID> sessions =
                IntStream.range(0, 3).mapToObj(i -> UUID.randomUUID()).toList();

        JsonNode batched = joins(eventId, sessions).json().path("answers");

        for (int i = 0; i < sessions.size(); i++) {
            JsonNode own = http.join(eventId, sessions.get(i)).json();
            assertThat(batched.get(i).path("status").asString()).isEqualTo("WAITING");
            assertThat(batched.get(i).path("place")).isEqualTo(own.path("place"));
            assertThat(batched.get(i).path("position")).isEqualTo(own.path("position"));
            assertThat(batched.get(i).path("pollAfterMs")).isEqualTo(own.path("pollAfterMs"));
        }
    }

    @Test
    void aBatchBeforeASaleMonthsAwayTellsEverySessionWhenItOpensAndToAskAgainInAMinute() {
        Instant saleOpensAt = Instant.now().plus(Duration.ofDays(90)).truncatedTo(ChronoUnit.SECONDS);
        UUID eventId = catalog.created(800, saleOpensAt, SaleState.SCHEDULED);

        JsonNode answers = joins(eventId, List.of(UUID.randomUUID(), UUID.randomUUID()))
                .json()
                .path("answers");

        assertThat(answers.size()).isEqualTo(2);
        assertSoftly(softly -> answers.forEach(answer -> {
            softly.assertThat(answer.path("status").asString()).isEqualTo("NOT_OPEN");
            softly.assertThat(answer.path("saleOpensAt").asString())
                    .as("saleOpensAt")
                    .isEqualTo(saleOpensAt.toString());
            softly.assertThat(answer.path("pollAfterMs").asLong())
                    .as("pollAfterMs")
                    .isEqualTo(60_000);
        }));
    }

    @Test
    void aBatchAfterRedisForgotItsScriptsStillJoinsEverySession() {
        UUID eventId = catalog.open(800);
        joins(eventId, List.of(UUID.randomUUID()));
        jedis.scriptFlush();

        Reply reply = joins(eventId, List.of(UUID.randomUUID(), UUID.randomUUID()));

        assertThat(reply.status()).isEqualTo(200);
        assertThat(placesOf(reply, 2)).containsExactly(2L, 3L);
    }

    @Test
    void anUnknownEventIs404AndABatchOfNoneTooManyOrABlankSessionIs400AndJoinsNobody() {
        Reply unknown = joins(UUID.randomUUID(), List.of(UUID.randomUUID()));
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.problemType()).isEqualTo("/problems/event-not-found");

        UUID eventId = catalog.open(800);
        List<UUID> tooMany =
                IntStream.range(0, 1001).mapToObj(i -> UUID.randomUUID()).toList();
        for (Object body : List.of(
                Map.of("sessionIds", List.of()),
                Map.of("sessionIds", tooMany),
                "{\"sessionIds\": [\"" + UUID.randomUUID() + "\", null]}",
                "{\"sessionIds\": [\"not-a-session\"]}",
                "{}")) {
            Reply refused = asGateway(eventId, body);
            String shown = String.valueOf(body);
            assertThat(refused.status())
                    .as(shown.substring(0, Math.min(60, shown.length())))
                    .isEqualTo(400);
            assertThat(refused.problemType()).isEqualTo("/problems/invalid-request");
        }
        assertThat(jedis.zcard(QueueKeys.line(eventId))).isZero();
    }

    @Test
    void onlyTheGatewaysOwnSignedCallMayJoinOthers() {
        UUID eventId = catalog.open(800);
        String path = "/internal/queue/" + eventId + "/joins";
        Map<String, List<UUID>> body = Map.of("sessionIds", List.of(UUID.randomUUID()));

        Reply asBuyer = http.http().post(path, body).buyer(UUID.randomUUID()).send();
        Reply asAdmin =
                http.http().post(path, body).role(IdentityHeaders.ROLE_ADMIN).send();
        Reply unsigned = dev.onsale.testing.TestHttp.at(port).post(path, body).send();

        assertThat(asBuyer.status()).isEqualTo(403);
        assertThat(asAdmin.status()).isEqualTo(403);
        assertThat(unsigned.status()).isEqualTo(401);
        assertThat(jedis.zcard(QueueKeys.line(eventId))).isZero();
    }

    private Reply joins(UUID eventId, List<UUID> sessions) {
        return asGateway(eventId, Map.of("sessionIds", sessions));
    }

    private Reply asGateway(UUID eventId, Object body) {
        return http.http()
                .post("/internal/queue/" + eventId + "/joins", body)
                .role(IdentityHeaders.ROLE_GATEWAY)
                .send();
    }

    private static List<Long> placesOf(Reply reply, int expected) {
        JsonNode answers = reply.json().path("answers");
        assertThat(answers.size()).isEqualTo(expected);
        List<Long> places = new ArrayList<>();
        answers.forEach(answer -> places.add(answer.path("place").asLong()));
        return places;
    }
}
