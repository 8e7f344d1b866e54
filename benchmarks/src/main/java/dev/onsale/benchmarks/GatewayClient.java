package dev.onsale.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.Executors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The calls a load run makes through the gateway, as buyers and operators make them: one HTTP/1.1 client on
 * virtual threads (a connection per concurrent request), every request with the same timeout.
 */
final class GatewayClient {

    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final String gateway;
    private final String adminToken;
    private final HttpClient http = newHttpClient();
    private final JsonMapper json = JsonMapper.builder().build();

    GatewayClient(String gateway, String adminToken) {
        this.gateway = gateway;
        this.adminToken = adminToken;
    }

    /** HTTP/1.1 on virtual threads: a connection per concurrent request. */
    static HttpClient newHttpClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(30))
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
    }

    JsonNode json(HttpResponse<String> response) {
        return json.readTree(response.body());
    }

    HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A buyer's POST: {@code session} and {@code admission} token are sent when not null. */
    HttpRequest post(String path, String session, String admission, String body) {
        return post(path, session, admission, null, body);
    }

    /** A buyer's POST: {@code session}, {@code admission} token and {@code Idempotency-Key} are sent when not null. */
    HttpRequest post(String path, String session, String admission, String idempotencyKey, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path))
                .timeout(TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Authorization", "Bearer " + session);
        }
        if (admission != null) {
            request.header("X-Admission-Token", admission);
        }
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return request.build();
    }

    HttpRequest get(String path, String session) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path))
                .timeout(TIMEOUT)
                .GET();
        if (session != null) {
            request.header("Authorization", "Bearer " + session);
        }
        return request.build();
    }

    /** An operator's GET. */
    HttpRequest adminGet(String path) {
        return HttpRequest.newBuilder(URI.create(gateway + path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + adminToken)
                .GET()
                .build();
    }

    /** An operator's POST. */
    HttpRequest adminPost(String path, String body) {
        return HttpRequest.newBuilder(URI.create(gateway + path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + adminToken)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    /** A GET with another role's bearer token (an auditor's). */
    HttpRequest getAs(String token, String path) {
        return HttpRequest.newBuilder(URI.create(gateway + path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .GET()
                .build();
    }

    /** An operator's PUT. */
    HttpRequest put(String path, String body) {
        return HttpRequest.newBuilder(URI.create(gateway + path))
                .timeout(TIMEOUT)
                .header("Authorization", "Bearer " + adminToken)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    /** Creates an event from the {@code POST /admin/events} body and returns its id. */
    UUID createEvent(String body) throws IOException, InterruptedException {
        HttpResponse<String> response = send(adminPost("/admin/events", body));
        check(response, 201, "creating the event");
        return UUID.fromString(json(response).get("eventId").asString());
    }

    /**
     * Creates an event whose sale is open at once (sale opened a minute ago, show in 30 days), {@code inventory} being
     * its {@code "seatMap": ...} or {@code "generalAdmission": ...} member, and returns its id.
     */
    UUID createOpenEvent(String name, int holdTtlSeconds, String inventory) throws IOException, InterruptedException {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        return createEvent(
                """
                {"name": "%s", "venue": "Bench hall", "startsAt": "%s", "saleOpensAt": "%s",
                 "currency": "EUR", "holdTtlSeconds": %d, "maxPerOrder": 4, %s}""".formatted(name, now.plus(30, ChronoUnit.DAYS), now.minusSeconds(60), holdTtlSeconds, inventory));
    }

    /** Lifts the event's waiting-room caps so that {@code buyers} buyers are all admitted at once. */
    void liftAdmissionCaps(UUID eventId, int buyers) throws IOException, InterruptedException {
        check(
                send(put(
                        "/admin/events/" + eventId + "/admission",
                        "{\"maxActiveBuyers\": %d, \"maxAdmitPerSecond\": 10000}".formatted(buyers))),
                200,
                "admission caps");
    }

    /** Sets the event's admission caps as its operator would ({@code PUT /admin/events/{e}/admission}). */
    void admitAtMost(UUID eventId, int active, int perSecond) throws IOException, InterruptedException {
        String caps = "{\"maxActiveBuyers\": %d, \"maxAdmitPerSecond\": %d}".formatted(active, perSecond);
        check(send(put("/admin/events/" + eventId + "/admission", caps)), 200, "admission caps");
    }

    String newSession() throws IOException, InterruptedException {
        HttpResponse<String> response = send(post("/api/sessions", null, null, "{}"));
        check(response, 201, "creating a session");
        return json(response).get("sessionToken").asString();
    }

    /** The event reaches queue-service through the outbox, Debezium and Kafka; joins before that are 404. */
    void awaitQueueKnows(UUID eventId, String session) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (send(post("/api/queue/" + eventId + "/join", session, null, "{}"))
                        .statusCode()
                == 404) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "queue-service did not learn of event " + eventId + " within " + TIMEOUT);
            }
            Thread.sleep(200);
        }
    }

    /** A response as a phase's outcome: its status, and for a problem its slug (e.g. {@code 409 sold-out}). */
    String outcome(HttpResponse<String> response) {
        String type = "";
        if (response.statusCode() >= 400
                && response.headers().firstValue("Content-Type").orElse("").contains("json")) {
            try {
                type = json(response).path("type").asString("");
            } catch (JacksonException e) {
                type = "";
            }
        }
        return type.isEmpty()
                ? Integer.toString(response.statusCode())
                : response.statusCode() + " " + type.replace("/problems/", "");
    }

    /** The whole seconds a 429 or 503 asks to wait ({@code Retry-After}), 1 when it does not say. */
    static long retryAfterSeconds(HttpResponse<String> response) {
        try {
            return Math.max(
                    1,
                    Long.parseLong(response.headers()
                            .firstValue("Retry-After")
                            .orElse("1")
                            .trim()));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    static void check(HttpResponse<String> response, int status, String what) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(what + " failed: " + response.statusCode() + " " + response.body());
        }
    }
}
