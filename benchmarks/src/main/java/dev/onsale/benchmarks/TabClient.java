package dev.onsale.benchmarks;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The calls of the sale benchmark's browser tabs through the gateway: shared out over many HTTP clients, each call
 * given up after {@link #TIMEOUT}, and every answer and latency recorded in the sale's {@link CallFigures} (a problem
 * by its slug, e.g. {@code 409 sold-out}; no answer, a failed connection or an unreadable body by what happened).
 */
final class TabClient {

    /** How long a tab waits for an answer; after it the call counts as "no answer in 30 s". */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** An answer as a tab reads it; {@link #NONE} when there was none (status 0, retry after 1 s). */
    record Answer(int status, JsonNode body, long retryAfterSeconds, String etag) {
        static final Answer NONE = new Answer(0, null, 1, null);
    }

    /** Builds the buyers' requests as every benchmark does; a tab only waits for them less long. */
    private final GatewayClient requests;
    /** Many clients, as many browsers are: one JDK client's single selector thread would be the bottleneck itself. */
    private final HttpClient[] clients;

    private final CallFigures calls = new CallFigures();
    private final JsonMapper json = JsonMapper.builder().build();

    /** Tabs on {@code gateway} sharing {@code clients} HTTP clients (at least one). */
    TabClient(String gateway, int clients) {
        this.requests = new GatewayClient(gateway, null);
        this.clients = new HttpClient[Math.max(1, clients)];
        for (int i = 0; i < this.clients.length; i++) {
            this.clients[i] = GatewayClient.newHttpClient();
        }
    }

    private TabClient(GatewayClient requests, HttpClient[] clients) {
        this.requests = requests;
        this.clients = clients;
    }

    /** Tabs on the same gateway and HTTP clients, with figures of their own: those of another sale. */
    TabClient forAnotherSale() {
        return new TabClient(requests, clients);
    }

    /** Every call's answers and latencies so far. */
    CallFigures figures() {
        return calls;
    }

    /** Sends {@code request} on the calling tab's client and records its answer under {@code what}. */
    Answer call(String what, HttpRequest request) {
        long started = System.nanoTime();
        try {
            // bounded: the JDK client was seen waiting past its own timeout
            HttpClient http = clients[Math.floorMod(Thread.currentThread().threadId(), clients.length)];
            HttpResponse<String> response = http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .get(TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS);
            JsonNode body = response.body().isEmpty() ? null : json.readTree(response.body());
            String slug = response.statusCode() >= 400 && body != null
                    ? " " + body.path("type").asString("").replace("/problems/", "")
                    : "";
            calls.record(what, response.statusCode() + slug, System.nanoTime() - started);
            return new Answer(
                    response.statusCode(),
                    body,
                    GatewayClient.retryAfterSeconds(response),
                    response.headers().firstValue("ETag").orElse(null));
        } catch (TimeoutException e) {
            calls.record(what, "no answer in 30 s", System.nanoTime() - started);
            return Answer.NONE;
        } catch (ExecutionException e) {
            calls.record(
                    what,
                    e.getCause() instanceof HttpTimeoutException
                            ? "no answer in 30 s"
                            : "connection failed (" + e.getCause().getClass().getSimpleName() + ")",
                    System.nanoTime() - started);
            return Answer.NONE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.NONE;
        } catch (RuntimeException e) {
            calls.record(what, "unreadable answer", System.nanoTime() - started);
            return Answer.NONE;
        }
    }

    /** A tab's POST: {@code session}, {@code admission} token and {@code Idempotency-Key} are sent when not null. */
    HttpRequest post(String path, String session, String admission, String key, String body) {
        return HttpRequest.newBuilder(requests.post(path, session, admission, key, body), (name, value) -> true)
                .timeout(TIMEOUT)
                .build();
    }

    /** A tab's GET: {@code session} and {@code If-None-Match} are sent when not null. */
    HttpRequest get(String path, String session, String ifNoneMatch) {
        HttpRequest.Builder request = HttpRequest.newBuilder(requests.get(path, session), (name, value) -> true)
                .timeout(TIMEOUT);
        if (ifNoneMatch != null) {
            request.header("If-None-Match", ifNoneMatch);
        }
        return request.build();
    }
}
