package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The queue progress document as the gateway serves it, the role a CDN plays: anonymous, the same bytes for every
 * caller, 304 on the current ETag, at most one fetch from queue-service per event and second however many read
 * it at once, and the last good document while queue-service does not answer.
 */
class ProgressIT extends GatewayIntegrationTest {

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

        HttpResponse<String> anonymous = send(request(path(event)));
        HttpResponse<String> buyer = send(request(path(event)).header("Authorization", "Bearer " + newSession()));

        assertThat(anonymous.statusCode()).isEqualTo(200);
        assertThat(buyer.body()).isEqualTo(anonymous.body()).contains("\"servingThrough\":40");
        assertThat(anonymous.headers().firstValue("ETag")).hasValue("\"v40\"");
        assertThat(anonymous.headers().firstValue("Cache-Control")).hasValue("max-age=1, public");
        assertThat(QUEUE.receivedAt(path(event)).hasHeader("Authorization")).isFalse();
        assertThat(QUEUE.receivedAt(path(event)).hasHeader("X-Onsale-Buyer")).isFalse();

        HttpResponse<String> revalidated = send(request(path(event)).header("If-None-Match", "\"v40\""));
        assertThat(revalidated.statusCode()).isEqualTo(304);
        assertThat(revalidated.body()).isEmpty();
        assertThat(revalidated.headers().firstValue("ETag")).hasValue("\"v40\"");
        assertThat(send(request(path(event)).header("If-None-Match", "\"v39\"")).statusCode())
                .isEqualTo(200);
    }

    @Test
    void aThousandConcurrentReadersCostQueueServiceOneFetchPerSecond() throws Exception {
        String event = unique();
        document(event, "7");
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest read = request(path(event)).build();

        long started = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> reads = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            reads.add(http.sendAsync(read, HttpResponse.BodyHandlers.ofString()));
        }
        CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).get();
        double seconds = (System.nanoTime() - started) / 1e9;

        assertThat(reads).allSatisfy(r -> assertThat(r.get().statusCode()).isEqualTo(200));
        assertThat(reads.stream().map(r -> r.join().body()).distinct()).hasSize(1);
        int fetched = QUEUE.countAt(path(event));
        System.out.printf(
                "[progress] 1000 concurrent reads in %.2f s: %d fetch(es) from queue-service%n", seconds, fetched);
        assertThat(fetched).isBetween(1, (int) Math.ceil(seconds) + 1);
    }

    @Test
    void aNewDocumentIsSeenWithinARefreshAndTheLastGoodOneIsServedWhileQueueServiceIsSlowOrFails() throws Exception {
        String event = unique();
        document(event, "1");
        assertThat(send(request(path(event))).body()).contains("\"servingThrough\":1");

        document(event, "2");
        long changed = System.nanoTime();
        await().atMost(Duration.ofSeconds(3))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> send(request(path(event))).body().contains("\"servingThrough\":2"));
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
        HttpResponse<String> whileSlow = send(request(path(event)));
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(whileSlow.body()).contains("\"servingThrough\":2");

        // queue-service failing: still the last good document
        QUEUE.answer(path(event), StubUpstream.Answer.of(503, "application/problem+json", "{}"));
        Thread.sleep(6000);
        HttpResponse<String> stale = send(request(path(event)));
        assertThat(stale.statusCode()).isEqualTo(200);
        assertThat(stale.body()).contains("\"servingThrough\":2");
    }

    @Test
    void anUnknownEventIs404AndAQueueServiceThatNeverAnsweredIs503WithRetryAfter() {
        String unknown = unique();
        QUEUE.answer(path(unknown), StubUpstream.Answer.of(404, "application/problem+json", "{}"));
        HttpResponse<String> notFound = send(request(path(unknown)));
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(json(notFound).path("type").asString()).isEqualTo("/problems/event-not-found");
        assertThat(send(request(path("not-a-uuid"))).statusCode()).isEqualTo(404);

        String failing = unique();
        QUEUE.answer(path(failing), StubUpstream.Answer.of(500, "application/problem+json", "{}"));
        HttpResponse<String> down = send(request(path(failing)));
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(down.headers().firstValue("Retry-After")).isPresent();
        assertThat(down.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    }
}
