package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The queue progress document as the gateway serves it, the role a CDN plays: anonymous, the same bytes for every
 * caller, 304 on the current ETag, at most one fetch from queue-service per event and second however many read
 * it at once, and the last good document while queue-service does not answer.
 */
@GatewayTest
class ProgressIT {

    private final TestHttp gateway;

    ProgressIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    private static String path(String event) {
        return "/api/queue/" + event + "/progress";
    }

    private static void document(String event, String servingThrough) {
        QUEUE.answer(
                path(event),
                new StubUpstream.Answer(
                        200,
                        "application/json",
                        "{\"eventId\":\"" + event + "\",\"servingThrough\":" + servingThrough + "}",
                        Map.of("ETag", "\"v" + servingThrough + "\"", "Cache-Control", "max-age=1, public"),
                        Duration.ZERO));
    }

    @Test
    void everyCallerGetsTheSameBytesAndTheCurrentETagIs304() {
        String event = unique();
        document(event, "40");

        Reply anonymous = gateway.get(path(event)).send();
        Reply buyer = gateway.get(path(event)).bearer(newSession(gateway)).send();

        assertThat(anonymous.status()).isEqualTo(200);
        assertThat(buyer.body()).isEqualTo(anonymous.body()).contains("\"servingThrough\":40");
        assertThat(anonymous.headers().firstValue("ETag")).hasValue("\"v40\"");
        assertThat(anonymous.headers().firstValue("Cache-Control")).hasValue("max-age=1, public");
        assertThat(QUEUE.receivedAt(path(event)).hasHeader("Authorization")).isFalse();
        assertThat(QUEUE.receivedAt(path(event)).hasHeader("X-Onsale-Buyer")).isFalse();

        Reply revalidated = gateway.get(path(event)).ifNoneMatch("\"v40\"").send();
        assertThat(revalidated.status()).isEqualTo(304);
        assertThat(revalidated.body()).isEmpty();
        assertThat(revalidated.headers().firstValue("ETag")).hasValue("\"v40\"");
        assertThat(gateway.get(path(event)).ifNoneMatch("\"v39\"").send().status())
                .isEqualTo(200);
    }

    @Test
    void aThousandConcurrentReadersCostQueueServiceOneFetchPerSecond() throws Exception {
        String event = unique();
        document(event, "7");

        long started = System.nanoTime();
        List<Reply> reads = new ArrayList<>();
        try (ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Reply>> calls = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                calls.add(readers.submit(() -> gateway.get(path(event)).send()));
            }
            for (Future<Reply> call : calls) {
                reads.add(call.get());
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(reads).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
        assertThat(reads.stream().map(Reply::body).distinct()).hasSize(1);
        int fetched = QUEUE.countAt(path(event));
        System.out.printf(
                "[progress] 1000 concurrent reads in %.2f s: %d fetch(es) from queue-service%n", seconds, fetched);
        assertThat(fetched).isBetween(1, (int) Math.ceil(seconds) + 1);
    }

    @Test
    void aNewDocumentIsSeenWithinARefreshAndTheLastGoodOneIsServedWhileQueueServiceIsSlowOrFails() throws Exception {
        String event = unique();
        document(event, "1");
        assertThat(gateway.get(path(event)).send().body()).contains("\"servingThrough\":1");

        document(event, "2");
        long changed = System.nanoTime();
        await().atMost(Duration.ofSeconds(3))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> gateway.get(path(event)).send().body().contains("\"servingThrough\":2"));
        assertThat(Duration.ofNanos(System.nanoTime() - changed)).isLessThan(Duration.ofMillis(2500));

        // queue-service slow: readers get the last good document at once, not after the fetch
        QUEUE.answer(
                path(event),
                new StubUpstream.Answer(
                        200,
                        "application/json",
                        "{\"servingThrough\":3}",
                        Map.of("ETag", "\"v3\""),
                        Duration.ofSeconds(5)));
        Thread.sleep(1100);
        long started = System.nanoTime();
        Reply whileSlow = gateway.get(path(event)).send();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(whileSlow.body()).contains("\"servingThrough\":2");

        // queue-service failing: still the last good document
        QUEUE.answer(path(event), StubUpstream.Answer.of(503, "application/problem+json", "{}"));
        Thread.sleep(6000);
        Reply stale = gateway.get(path(event)).send();
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.body()).contains("\"servingThrough\":2");
    }

    @Test
    void anUnknownEventIs404AndAQueueServiceThatNeverAnsweredIs503WithRetryAfter() {
        String unknown = unique();
        QUEUE.answer(path(unknown), StubUpstream.Answer.of(404, "application/problem+json", "{}"));
        Reply notFound = gateway.get(path(unknown)).send();
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.json().path("type").asString()).isEqualTo("/problems/event-not-found");
        assertThat(gateway.get(path("not-a-uuid")).send().status()).isEqualTo(404);

        String failing = unique();
        QUEUE.answer(path(failing), StubUpstream.Answer.of(500, "application/problem+json", "{}"));
        Reply down = gateway.get(path(failing)).send();
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.headers().firstValue("Retry-After")).isPresent();
        assertThat(down.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    }
}
