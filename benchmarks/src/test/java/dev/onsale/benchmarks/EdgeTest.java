package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The stand-in CDN in front of a server that serves a progress document as the gateway does, and counts asks. */
class EdgeTest {

    private static final String PATH = "/api/queue/e/progress";

    private final HttpServer server;
    private final AtomicInteger version = new AtomicInteger(1);
    private final AtomicReference<String> cacheControl = new AtomicReference<>("public, max-age=5");
    private final AtomicInteger failWith = new AtomicInteger();
    /** The If-None-Match of every request the server got ("-" for none). */
    private final List<String> asked = new CopyOnWriteArrayList<>();

    EdgeTest() throws IOException {
        server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext(PATH, this::answer);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
        asked.add(ifNoneMatch == null ? "-" : ifNoneMatch);
        String etag = "\"v" + version.get() + "\"";
        if (failWith.get() != 0) {
            byte[] problem = "{\"type\":\"/problems/service-unavailable\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Retry-After", "1");
            exchange.sendResponseHeaders(failWith.get(), problem.length);
            exchange.getResponseBody().write(problem);
        } else if (etag.equals(ifNoneMatch)) {
            exchange.getResponseHeaders().add("ETag", etag);
            exchange.getResponseHeaders().add("Cache-Control", cacheControl.get());
            exchange.sendResponseHeaders(304, -1);
        } else {
            byte[] body = ("{\"servingThrough\": " + version.get() + "}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("ETag", etag);
            exchange.getResponseHeaders().add("Cache-Control", cacheControl.get());
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        }
        exchange.close();
    }

    private Edge edge() {
        return new Edge(
                new TabClient("http://localhost:" + server.getAddress().getPort(), Duration.ofSeconds(5)), PATH);
    }

    @Test
    void aThousandConcurrentReadersWithinTheMaxAgeCostTheServerOneRequest() throws Exception {
        Edge edge = edge();
        List<Future<TabClient.Answer>> reads = new ArrayList<>();
        try (var readers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 1000; i++) {
                reads.add(readers.submit(() -> edge.read(null)));
            }
        }

        for (Future<TabClient.Answer> read : reads) {
            assertThat(read.get().status()).isEqualTo(200);
            assertThat(read.get().body().path("servingThrough").asLong()).isEqualTo(1);
        }
        assertThat(asked).containsExactly("-");
        assertThat(edge.figures()).isEqualTo(new Edge.Figures(1000, 0, 1, 0));
    }

    @Test
    void aReaderThatHasTheCopysEtagIsAnswered304() {
        Edge edge = edge();
        TabClient.Answer first = edge.read(null);

        TabClient.Answer again = edge.read(first.etag());

        assertThat(again.status()).isEqualTo(304);
        assertThat(again.etag()).isEqualTo("\"v1\"");
        assertThat(edge.read("\"v0\"").status()).as("an older copy").isEqualTo(200);
        assertThat(asked).hasSize(1);
        assertThat(edge.figures().notModified()).isEqualTo(1);
    }

    @Test
    void pastItsMaxAgeTheCopyIsRevalidatedAndANewVersionFetched() throws Exception {
        cacheControl.set("public, max-age=1");
        Edge edge = edge();
        edge.read(null);
        Thread.sleep(1100);
        TabClient.Answer unchanged = edge.read(null);
        version.set(2);
        Thread.sleep(1100);
        TabClient.Answer changed = edge.read(null);

        assertThat(asked).containsExactly("-", "\"v1\"", "\"v1\"");
        assertThat(unchanged.body().path("servingThrough").asLong()).isEqualTo(1);
        assertThat(changed.body().path("servingThrough").asLong()).isEqualTo(2);
        assertThat(changed.etag()).isEqualTo("\"v2\"");
    }

    @Test
    void aFailedFetchGoesToItsReaderAndTheNextReadersAreServedTheLastCopy() throws Exception {
        cacheControl.set("public, max-age=1");
        Edge edge = edge();
        edge.read(null);
        failWith.set(503);
        Thread.sleep(1100);

        TabClient.Answer failed = edge.read(null);
        TabClient.Answer next = edge.read(null);

        assertThat(failed.status()).isEqualTo(503);
        assertThat(failed.retryAfterSeconds()).isEqualTo(1);
        assertThat(next.status()).isEqualTo(200);
        assertThat(next.body().path("servingThrough").asLong()).isEqualTo(1);
        assertThat(asked).hasSize(2);
        assertThat(edge.figures().failedFetches()).isEqualTo(1);
    }

    @Test
    void beforeAnyCopyEveryReaderOfAFailureAsksItself() {
        failWith.set(503);
        Edge edge = edge();

        assertThat(edge.read(null).status()).isEqualTo(503);
        assertThat(edge.read(null).status()).isEqualTo(503);
        assertThat(asked).hasSize(2);
    }

    @Test
    void anAnswerASharedCacheMayNotKeepIsFetchedForEveryReader() {
        cacheControl.set("private, max-age=5");
        Edge edge = edge();

        edge.read(null);
        edge.read(null);

        assertThat(asked).hasSize(2);
    }

    @Test
    void onlyAPublicCacheControlGivesAMaxAge() {
        assertThat(HttpMessages.publicMaxAge("public, max-age=1")).isEqualTo(1);
        assertThat(HttpMessages.publicMaxAge("max-age=2, PUBLIC")).isEqualTo(2);
        assertThat(HttpMessages.publicMaxAge("max-age=2")).isEqualTo(-1);
        assertThat(HttpMessages.publicMaxAge("public, no-store, max-age=2")).isEqualTo(-1);
        assertThat(HttpMessages.publicMaxAge("public, max-age=soon")).isEqualTo(-1);
        assertThat(HttpMessages.publicMaxAge("public")).isEqualTo(-1);
    }
}
