package dev.onsale.inventory.hold;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.platform.testing.AsGateway;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Sends hold requests as the gateway forwards them: buyer and admission headers set. */
final class HoldClient {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .executor(Executors.newVirtualThreadPerTaskExecutor())
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final int port;

    HoldClient(int port) {
        this.port = port;
    }

    HttpResponse<String> hold(UUID eventId, UUID sessionId, String body) throws Exception {
        return hold(eventId, sessionId, body, null);
    }

    HttpResponse<String> hold(UUID eventId, UUID sessionId, String body, String idempotencyKey) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(eventId))
                .header("Content-Type", "application/json")
                .header(IdentityHeaders.BUYER, sessionId.toString())
                .header(IdentityHeaders.ADMISSION, UUID.randomUUID().toString())
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return http.send(AsGateway.sign(request.build()), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(AsGateway.sign(request.build()), HttpResponse.BodyHandlers.ofString());
    }

    URI uri(UUID eventId) {
        return URI.create("http://localhost:" + port + "/api/events/" + eventId + "/holds");
    }

    static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    static String problemType(HttpResponse<String> response) {
        return json(response).get("type").asString();
    }
}
