package dev.onsale.testing;

import dev.onsale.common.IdentityHeaders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The HTTP client of every test: a buyer or an operator calling the gateway, or the gateway calling a service. It
 * speaks HTTP/1.1 (as the gateway does), sends JSON, and always comes back: a call that has no answer within its
 * timeout fails with {@link HttpTimeoutException} instead of waiting for good.
 *
 * <pre>{@code
 * var gateway = TestHttp.at(8080);
 * String token = gateway.post("/api/sessions", "{}").send().json().get("sessionToken").asString();
 * gateway.get("/api/queue/" + eventId + "/status").bearer(token).send();
 *
 * var booking = TestHttp.at(port).signedWith(AsGateway::sign); // as the gateway forwards
 * booking.post("/admin/events", body).role(IdentityHeaders.ROLE_ADMIN).send();
 * }</pre>
 */
public final class TestHttp {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private static final HttpClient CLIENT = client(CONNECT_TIMEOUT);

    private final String baseUrl;
    private final UnaryOperator<HttpRequest> signer;
    private final Duration timeout;
    private final Semaphore inFlight;
    private final String accept;
    private final HttpClient client;

    private TestHttp(
            String baseUrl,
            UnaryOperator<HttpRequest> signer,
            Duration timeout,
            Semaphore inFlight,
            String accept,
            HttpClient client) {
        this.baseUrl = baseUrl;
        this.signer = signer;
        this.timeout = timeout;
        this.inFlight = inFlight;
        this.accept = accept;
        this.client = client;
    }

    /** A client of {@code baseUrl} ({@code http://host:port}, no trailing slash); 30 s per call, JSON accepted. */
    public static TestHttp at(String baseUrl) {
        return new TestHttp(
                baseUrl, UnaryOperator.identity(), Duration.ofSeconds(30), null, "application/json", CLIENT);
    }

    /** A client of the server on {@code port} of the loopback address. */
    public static TestHttp at(int port) {
        return at("http://127.0.0.1:" + port);
    }

    /**
     * Every request passes through {@code signer} before it is sent: a service's tests sign the identity headers as the
     * gateway does ({@code AsGateway::sign}).
     */
    public TestHttp signedWith(UnaryOperator<HttpRequest> signer) {
        return new TestHttp(baseUrl, signer, timeout, inFlight, accept, client);
    }

    /** Each call fails when it has no answer within {@code timeout}. */
    public TestHttp timeout(Duration timeout) {
        return new TestHttp(baseUrl, signer, timeout, inFlight, accept, client);
    }

    /**
     * Every call sends {@code Accept: mediaType} unless it sets its own: any type for pages, scripts and metrics, whose
     * handlers answer a JSON-only {@code Accept} with 406.
     */
    public TestHttp accepting(String mediaType) {
        return new TestHttp(baseUrl, signer, timeout, inFlight, mediaType, client);
    }

    /**
     * Connections are given up after {@code timeout} instead of 10 s: for thousands of connects at once, which queue
     * in a small machine's listen backlog. A timeout other than the default gets an HTTP client of its own.
     */
    public TestHttp connectTimeout(Duration timeout) {
        HttpClient own = timeout.equals(CONNECT_TIMEOUT) ? CLIENT : client(timeout);
        return new TestHttp(baseUrl, signer, this.timeout, inFlight, accept, own);
    }

    /**
     * At most {@code calls} requests of this client in flight at once, as behind the gateway's connection pool: more
     * simultaneous connects than that overflow a small machine's listen backlog and only measure SYN retransmits.
     */
    public TestHttp inFlightAtMost(int calls) {
        return new TestHttp(baseUrl, signer, timeout, new Semaphore(calls), accept, client);
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** The HTTP client the calls go through: the shared one unless {@link #connectTimeout} gave this one its own. */
    HttpClient httpClient() {
        return client;
    }

    public Call get(String path) {
        return new Call("GET", path, null);
    }

    /** A POST of {@code body}: a String is sent as it is, anything else as its JSON, null as no body. */
    public Call post(String path, Object body) {
        return new Call("POST", path, body);
    }

    public Call put(String path, Object body) {
        return new Call("PUT", path, body);
    }

    public Call delete(String path) {
        return new Call("DELETE", path, null);
    }

    public Call method(String method, String path, Object body) {
        return new Call(method, path, body);
    }

    /** One request being put together; {@link #send()} sends it. */
    public final class Call {

        private final String method;
        private final String path;
        private final HttpRequest.Builder request;

        private Call(String method, String path, Object body) {
            this.method = method;
            this.path = path;
            this.request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                    .timeout(timeout)
                    .header("Accept", accept);
            if (body == null) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json")
                        .method(
                                method,
                                HttpRequest.BodyPublishers.ofString(
                                        body instanceof String text ? text : JSON.writeValueAsString(body)));
            }
        }

        /** Sets {@code name} to {@code value}, replacing a default of the same name (such as {@code Accept}). */
        public Call header(String name, String value) {
            request.setHeader(name, value);
            return this;
        }

        /** Adds {@code value} to the values of {@code name}: the header is sent once per value. */
        public Call addHeader(String name, String value) {
            request.header(name, value);
            return this;
        }

        /**
         * Sends {@code body} as it is instead of the body given to the call: bytes that are not text, or a stream sent
         * chunked. Sets no {@code Content-Type}; a call that had none gets none.
         */
        public Call body(HttpRequest.BodyPublisher body) {
            request.method(method, body);
            return this;
        }

        public Call headers(Map<String, String> headers) {
            headers.forEach(request::setHeader);
            return this;
        }

        /** {@code Authorization: Bearer <token>}; nothing when the token is null. */
        public Call bearer(String token) {
            return token == null ? this : header("Authorization", "Bearer " + token);
        }

        /** The buyer the gateway vouches for; nothing when null. */
        public Call buyer(UUID sessionId) {
            return sessionId == null ? this : header(IdentityHeaders.BUYER, sessionId.toString());
        }

        /** The operator role the gateway vouches for; nothing when null. */
        public Call role(String role) {
            return role == null ? this : header(IdentityHeaders.ROLE, role);
        }

        /** The admission the gateway checked; nothing when null. */
        public Call admission(UUID admissionId) {
            return admissionId == null ? this : header(IdentityHeaders.ADMISSION, admissionId.toString());
        }

        /** {@code Idempotency-Key}; nothing when null. */
        public Call idempotencyKey(String key) {
            return key == null ? this : header("Idempotency-Key", key);
        }

        /** {@code If-None-Match}; nothing when null. */
        public Call ifNoneMatch(String etag) {
            return etag == null ? this : header("If-None-Match", etag);
        }

        /** The request as it will be sent, signed. */
        public HttpRequest build() {
            return signer.apply(request.build());
        }

        public Reply send() {
            HttpRequest built = build();
            acquire();
            try {
                // sendAsync, bounded: a plain send() was seen waiting for good, past its own request timeout
                CompletableFuture<HttpResponse<String>> call =
                        client.sendAsync(built, HttpResponse.BodyHandlers.ofString());
                Duration bound = timeout.plusSeconds(5);
                try {
                    HttpResponse<String> response = call.get(bound.toMillis(), TimeUnit.MILLISECONDS);
                    return new Reply(response.statusCode(), response.body(), response.headers());
                } catch (TimeoutException e) {
                    call.cancel(true);
                    throw new UncheckedIOException(
                            new HttpTimeoutException(method + " " + path + ": no answer within " + bound));
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof IOException io) {
                        throw new UncheckedIOException(method + " " + path + ": " + io, io);
                    }
                    throw new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                release();
            }
        }
    }

    private static HttpClient client(Duration connectTimeout) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .connectTimeout(connectTimeout)
                .build();
    }

    private void acquire() {
        if (inFlight != null) {
            inFlight.acquireUninterruptibly();
        }
    }

    private void release() {
        if (inFlight != null) {
            inFlight.release();
        }
    }

    /** A response: status, raw body, headers, and the body parsed when it is JSON. */
    public record Reply(int status, String body, HttpHeaders headers) {

        /** The body as JSON; a missing node when the body is empty. */
        public JsonNode json() {
            return body.isEmpty() ? JSON.missingNode() : JSON.readTree(body);
        }

        /** The first value of {@code name}, or the empty string. */
        public String header(String name) {
            return headers.firstValue(name).orElse("");
        }

        /** The {@code type} of a problem answer. */
        public String problemType() {
            return json().path("type").asString();
        }

        @Override
        public String toString() {
            return status + " " + header("Content-Type") + " "
                    + (body.length() > 2000 ? body.substring(0, 2000) + "..." : body);
        }
    }
}
