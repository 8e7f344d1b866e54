package dev.onsale.benchmarks;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
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
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30)).executor(Executors.newVirtualThreadPerTaskExecutor()).build();
    private final JsonMapper json = JsonMapper.builder().build();

    GatewayClient(String gateway, String adminToken) {
        this.gateway = gateway;
        this.adminToken = adminToken;
    }

    JsonNode json(HttpResponse<String> response) {
        return json.readTree(response.body());
    }

    HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A buyer's POST: {@code session} and {@code admission} token are sent when not null. */
    HttpRequest post(String path, String session, String admission, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(TIMEOUT)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Authorization", "Bearer " + session);
        }
        if (admission != null) {
            request.header("X-Admission-Token", admission);
        }
        return request.build();
    }

    HttpRequest get(String path, String session) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(TIMEOUT).GET();
        if (session != null) {
            request.header("Authorization", "Bearer " + session);
        }
        return request.build();
    }

    /** An operator's PUT. */
    HttpRequest put(String path, String body) {
        return HttpRequest.newBuilder(URI.create(gateway + path)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + adminToken).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build();
    }

    /** Creates an event from the {@code POST /admin/events} body and returns its id. */
    UUID createEvent(String body) throws IOException, InterruptedException {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(gateway + "/admin/events"))
                .timeout(TIMEOUT).header("Authorization", "Bearer " + adminToken)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build());
        check(response, 201, "creating the event");
        return UUID.fromString(json(response).get("eventId").asString());
    }

    String newSession() throws IOException, InterruptedException {
        HttpResponse<String> response = send(post("/api/sessions", null, null, "{}"));
        check(response, 201, "creating a session");
        return json(response).get("sessionToken").asString();
    }

    /** The event reaches queue-service through the outbox, Debezium and Kafka; joins before that are 404. */
    void awaitQueueKnows(UUID eventId, String session) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (send(post("/api/queue/" + eventId + "/join", session, null, "{}")).statusCode() == 404) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("queue-service did not learn of event " + eventId + " within " + TIMEOUT);
            }
            Thread.sleep(200);
        }
    }

    static void check(HttpResponse<String> response, int status, String what) {
        if (response.statusCode() != status) {
            throw new IllegalStateException(what + " failed: " + response.statusCode() + " " + response.body());
        }
    }
}
