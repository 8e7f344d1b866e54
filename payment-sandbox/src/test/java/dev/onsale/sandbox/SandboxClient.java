package dev.onsale.sandbox;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Talks to the sandbox over real HTTP, the way a merchant would. */
public final class SandboxClient {

    public static final String MERCHANT_KEY = "sk_test_local";
    public static final JsonMapper JSON = JsonMapper.builder().build();

    private final String base;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public SandboxClient(int port) {
        this.base = "http://localhost:" + port;
    }

    public record Answer(int status, JsonNode body, HttpResponse<String> raw) {
        public String header(String name) {
            return raw.headers().firstValue(name).orElse(null);
        }
    }

    public static Map<String, Object> chargeBody(UUID orderId, long amountCents, String paymentMethod) {
        return Map.of(
                "orderId",
                orderId.toString(),
                "amountCents",
                amountCents,
                "currency",
                "EUR",
                "paymentMethod",
                paymentMethod);
    }

    public Answer charge(String idempotencyKey, Object body) {
        return charge(idempotencyKey, body, Duration.ofSeconds(10));
    }

    public Answer charge(String idempotencyKey, Object body, Duration timeout) {
        return post("/v1/charges", idempotencyKey, body, timeout);
    }

    public Answer refund(String idempotencyKey, Object body) {
        return post("/v1/refunds", idempotencyKey, body, Duration.ofSeconds(10));
    }

    public Answer post(String path, String idempotencyKey, Object body, Duration timeout) {
        var request = request(path, timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (idempotencyKey != null) request.header("Idempotency-Key", idempotencyKey);
        return send(request.build());
    }

    public Answer get(String path) {
        return send(request(path, Duration.ofSeconds(10)).GET().build());
    }

    public JsonNode charge(String id) {
        return get("/v1/charges/" + id).body();
    }

    /** The ledger's charges for one order. */
    public List<JsonNode> chargesFor(UUID orderId) {
        return get("/v1/ledger")
                .body()
                .get("charges")
                .valueStream()
                .filter(c -> c.get("orderId").asString().equals(orderId.toString()))
                .toList();
    }

    public Answer putSettings(Map<String, ?> changes) {
        return send(HttpRequest.newBuilder(URI.create(base + "/v1/sandbox/settings"))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(changes)))
                .build());
    }

    public Answer putSettingsRaw(String json) {
        return send(HttpRequest.newBuilder(URI.create(base + "/v1/sandbox/settings"))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    public void reset() {
        send(HttpRequest.newBuilder(URI.create(base + "/v1/sandbox/reset"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    }

    private HttpRequest.Builder request(String path, Duration timeout) {
        return HttpRequest.newBuilder(URI.create(base + path))
                .timeout(timeout)
                .header("Authorization", "Bearer " + MERCHANT_KEY);
    }

    public Answer send(HttpRequest request) {
        try {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            var body = response.body().isEmpty() ? null : JSON.readTree(response.body());
            return new Answer(response.statusCode(), body, response);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
