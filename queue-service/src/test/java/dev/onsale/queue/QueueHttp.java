package dev.onsale.queue;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.platform.testing.AsGateway;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls queue-service over HTTP the way the gateway does: identity in X-Onsale-Buyer / X-Onsale-Role.
 * At most {@link #MAX_CONNECTIONS} requests are in flight at once, as behind the gateway's connection
 * pool: more simultaneous connects than that overflow this machine's listen backlog and only measure
 * SYN retransmits.
 */
public final class QueueHttp {

    public static final int MAX_CONNECTIONS = 1000;
    private static final Semaphore IN_FLIGHT = new Semaphore(MAX_CONNECTIONS);

    public static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .executor(Executors.newVirtualThreadPerTaskExecutor())
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    /** A response and its body as JSON (null when the body is empty). */
    public record Answer(int status, JsonNode body) {

        public String text(String field) {
            return body.path(field).asString();
        }

        public long number(String field) {
            return body.path(field).asLong();
        }
    }

    private final int port;

    public QueueHttp(int port) {
        this.port = port;
    }

    public Answer join(UUID eventId, UUID sessionId) {
        return send(
                buyer(request("/api/queue/" + eventId + "/join"), sessionId).POST(HttpRequest.BodyPublishers.noBody()));
    }

    public Answer status(UUID eventId, UUID sessionId) {
        return send(
                buyer(request("/api/queue/" + eventId + "/status"), sessionId).GET());
    }

    public Answer send(String method, String path, String role, UUID sessionId, String body) {
        HttpRequest.Builder request = request(path)
                .header("Content-Type", "application/json")
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (role != null) {
            request.header(IdentityHeaders.ROLE, role);
        }
        if (sessionId != null) {
            request.header(IdentityHeaders.BUYER, sessionId.toString());
        }
        return send(request);
    }

    public Answer putAdmission(UUID eventId, String body) {
        return send("PUT", "/admin/events/" + eventId + "/admission", IdentityHeaders.ROLE_ADMIN, null, body);
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(30));
    }

    private static HttpRequest.Builder buyer(HttpRequest.Builder request, UUID sessionId) {
        return request.header(IdentityHeaders.BUYER, sessionId.toString());
    }

    private static Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response;
            IN_FLIGHT.acquire();
            try {
                response = HTTP.send(AsGateway.sign(request.build()), HttpResponse.BodyHandlers.ofString());
            } finally {
                IN_FLIGHT.release();
            }
            JsonNode body = response.body().isEmpty() ? null : JSON.readTree(response.body());
            return new Answer(response.statusCode(), body);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
