package dev.onsale.queue.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.Race;
import dev.onsale.queue.TestCatalog;
import dev.onsale.queue.admission.AdmissionPump;
import dev.onsale.queue.admission.PumpStroke;
import dev.onsale.queue.opening.OpeningOrder;
import dev.onsale.testing.TestHttp.Reply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;
import tools.jackson.databind.JsonNode;

/**
 * Permanent places and the public progress document on the real Redis: a buyer's place never changes, the pump
 * admits in place order, and {@code place - servingThrough} is the buyer's position exactly, while joins and pump
 * strokes race; the document is anonymous, cacheable, the same bytes for every reader, and 304 on its ETag.
 */
@QueueServiceTest
class ProgressIT {

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
    void racingJoinsGetPlacesOneToNAndWhileThePumpAdmitsPositionIsPlaceMinusServingThroughExactly() {
        UUID eventId = catalog.open(100);
        http.putAdmission(eventId, "{\"maxActiveBuyers\": 100000, \"maxAdmitPerSecond\": 200}");
        List<UUID> first = sessions(2000);
        List<Reply> joins = Race.run(first.size(), i -> http.join(eventId, first.get(i)));
        assertThat(joins)
                .extracting(join -> join.json().path("place").asLong())
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.rangeClosed(1, 2000).boxed().toList());
        assertThat(joins)
                .allSatisfy(join -> assertThat(join.json().path("position").asLong())
                        .isEqualTo(join.json().path("place").asLong()));

        // pump strokes race 500 more joins
        List<UUID> later = sessions(500);
        List<Object> raced = Race.run(
                later.size() + 40, i -> i < later.size() ? http.join(eventId, later.get(i)) : pump.pump(eventId));
        List<UUID> admitted = raced.stream()
                .filter(PumpStroke.class::isInstance)
                .map(PumpStroke.class::cast)
                .flatMap(stroke -> stroke.admitted().stream())
                .toList();
        assertThat(admitted).isNotEmpty().doesNotHaveDuplicates();

        // in place order: the strokes let in exactly places 1..servingThrough
        JsonNode progress = json(progress(eventId, null));
        long servingThrough = progress.path("servingThrough").asLong();
        assertThat(servingThrough).isEqualTo(admitted.size());
        System.out.printf("[progress] %d strokes racing 500 joins let in places 1..%d%n", 40, servingThrough);
        Map<UUID, Long> placeOf = new HashMap<>();
        for (int i = 0; i < first.size(); i++) {
            placeOf.put(first.get(i), joins.get(i).json().path("place").asLong());
        }
        assertThat(admitted)
                .allSatisfy(session -> assertThat(placeOf.get(session)).isLessThanOrEqualTo(servingThrough));
        List<Long> laterPlaces = new ArrayList<>();
        for (int i = 0; i < later.size(); i++) {
            laterPlaces.add(((Reply) raced.get(i)).json().path("place").asLong());
        }
        assertThat(laterPlaces)
                .containsExactlyInAnyOrderElementsOf(
                        LongStream.rangeClosed(2001, 2500).boxed().toList());

        List<UUID> everyone = new ArrayList<>(first);
        everyone.addAll(later);
        List<Reply> statuses = Race.run(everyone.size(), i -> http.status(eventId, everyone.get(i)));
        int waiting = 0;
        for (int i = 0; i < everyone.size(); i++) {
            Reply status = statuses.get(i);
            long place =
                    i < first.size() ? joins.get(i).json().path("place").asLong() : laterPlaces.get(i - first.size());
            if (place <= servingThrough) {
                // admitted (or, past the tests' 3 s admissions, gone): never in line again
                assertThat(status.json().path("status").asString())
                        .as("place %d: %s", place, status)
                        .isNotEqualTo("WAITING");
            } else {
                waiting++;
                assertThat(status.json().path("status").asString())
                        .as("place %d: %s", place, status)
                        .isEqualTo("WAITING");
                assertThat(status.json().path("place").asLong()).isEqualTo(place);
                assertThat(status.json().path("position").asLong())
                        .as("%s", status)
                        .isEqualTo(place - servingThrough);
            }
        }
        assertThat(waiting).isEqualTo(2500 - servingThrough);
        assertThat(progress.path("lineLength").asLong()).isEqualTo(2500 - servingThrough);
        // the readers' budget (500/s by default): each of the waiting reads once per this many whole seconds
        long waitingReaders = 2500 - servingThrough;
        assertThat(progress.path("pollAfterMs").asLong())
                .as("%d waiting", waitingReaders)
                .isEqualTo(Math.max(1000, (waitingReaders + 499) / 500 * 1000));
    }

    @Test
    void thePreQueueGetsPlacesOneToNInTheShuffledOrderAtTheOpeningAndLaterJoinersComeAfterThem() {
        UUID eventId = catalog.scheduled(100);
        List<UUID> early = sessions(300);
        List<Reply> joins = Race.run(early.size(), i -> http.join(eventId, early.get(i)));
        assertThat(joins)
                .allSatisfy(join -> assertThat(join.json().has("place")).isFalse());
        JsonNode before = json(progress(eventId, null));
        assertThat(before.path("opened").asBoolean()).isFalse();
        assertThat(before.path("saleState").asString()).isEqualTo("SCHEDULED");
        assertThat(before.path("lineLength").asLong()).isEqualTo(300);

        catalog.openSale(eventId);

        List<String> shuffled = OpeningOrder.of(
                jedis.hget(QueueKeys.opening(eventId), "seed"),
                early.stream().map(UUID::toString).toList());
        for (int i = 0; i < shuffled.size(); i += 23) {
            Reply status = http.status(eventId, UUID.fromString(shuffled.get(i)));
            assertThat(status.json().path("place").asLong()).isEqualTo(i + 1);
            assertThat(status.json().path("position").asLong()).isEqualTo(i + 1);
        }
        List<Long> late = sessions(10).stream()
                .map(session -> http.join(eventId, session).json().path("place").asLong())
                .toList();
        assertThat(late)
                .isEqualTo(
                        IntStream.rangeClosed(301, 310).mapToObj(Long::valueOf).toList());
        assertThat(json(progress(eventId, null)).path("opened").asBoolean()).isTrue();
    }

    @Test
    void theDocumentIsAnonymousCacheableTheSameBytesForEveryReaderAnd304OnItsETag() {
        UUID eventId = catalog.open(100);
        sessions(3).forEach(session -> http.join(eventId, session));

        Reply one = progress(eventId, null);
        Reply two = progress(eventId, null);
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.headers().firstValue("Cache-Control")).hasValue("max-age=1, public");
        String etag = one.headers().firstValue("ETag").orElseThrow();
        assertThat(etag).matches("W/\"[0-9a-f]{32}\"");
        JsonNode document = json(one);
        assertThat(document.path("eventId").asString()).isEqualTo(eventId.toString());
        assertThat(document.path("saleState").asString()).isEqualTo("OPEN");
        assertThat(document.path("lineLength").asLong()).isEqualTo(3);
        assertThat(document.path("servingThrough").asLong()).isZero();
        assertThat(document.path("soldOut").asBoolean()).isFalse();
        assertThat(document.path("admitPerSecond").asDouble()).isPositive();
        assertThat(document.path("pollAfterMs").asLong()).isEqualTo(1000);
        assertThat(document.has("updatedAt")).isTrue();

        // nothing changed but the time it was read: the same tag, and a reader that has it gets 304
        assertThat(strip(two.body())).isEqualTo(strip(one.body()));
        assertThat(two.headers().firstValue("ETag")).hasValue(etag);
        Reply revalidated = progress(eventId, etag);
        assertThat(revalidated.status()).isEqualTo(304);
        assertThat(revalidated.body()).isEmpty();
        assertThat(revalidated.headers().firstValue("ETag")).hasValue(etag);
        http.join(eventId, UUID.randomUUID());
        Reply changed = progress(eventId, etag);
        assertThat(changed.status()).isEqualTo(200);
        assertThat(json(changed).path("lineLength").asLong()).isEqualTo(4);
        assertThat(progress(eventId, "\"0000\"").status()).isEqualTo(200);
        assertThat(progress(UUID.randomUUID(), null).status()).isEqualTo(404);
    }

    private static String strip(String body) {
        return body.replaceAll("\"updatedAt\":\"[^\"]*\"", "");
    }

    /** The public document, read as an anonymous caller does. */
    private Reply progress(UUID eventId, String ifNoneMatch) {
        return http.http()
                .get("/api/queue/" + eventId + "/progress")
                .ifNoneMatch(ifNoneMatch)
                .send();
    }

    private static JsonNode json(Reply response) {
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        return response.json();
    }

    private static List<UUID> sessions(int n) {
        return IntStream.range(0, n).mapToObj(i -> UUID.randomUUID()).toList();
    }
}
