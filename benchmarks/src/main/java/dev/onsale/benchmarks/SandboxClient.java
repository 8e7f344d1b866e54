package dev.onsale.benchmarks;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The payment sandbox as a load run drives it: its control plane ({@code /v1/sandbox/*}, no key) and, with the
 * merchant key, charges and the ledger, on the same kind of HTTP client as {@link GatewayClient}.
 */
final class SandboxClient {

    private static final Duration TIMEOUT = GatewayClient.TIMEOUT;

    private final String sandbox;
    private final String merchantKey;
    private final HttpClient http = GatewayClient.newHttpClient();
    private final JsonMapper json = JsonMapper.builder().build();

    SandboxClient(String sandbox, String merchantKey) {
        this.sandbox = sandbox;
        this.merchantKey = merchantKey;
    }

    /** The full settings record ({@code GET /v1/sandbox/settings}). */
    JsonNode settings() throws IOException, InterruptedException {
        HttpResponse<String> response;
        try {
            response = send(request("/v1/sandbox/settings").GET().build());
        } catch (ConnectException e) {
            throw new IllegalStateException(
                    "payment-sandbox is not reachable at " + sandbox + "; start the stack with ./onsale up", e);
        }
        GatewayClient.check(response, 200, "reading the sandbox settings");
        return json.readTree(response.body());
    }

    /** Replaces the settings with {@code settings} (a full record, or any subset of its fields). */
    void putSettings(JsonNode settings) throws IOException, InterruptedException {
        GatewayClient.check(
                send(request("/v1/sandbox/settings")
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(settings)))
                        .build()),
                200,
                "changing the sandbox settings");
    }

    /** Clears charges, refunds, keys, TPS buckets and traffic counts — and restores the sandbox's start settings. */
    void reset() throws IOException, InterruptedException {
        GatewayClient.check(
                send(request("/v1/sandbox/reset")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build()),
                204,
                "resetting the sandbox");
    }

    SandboxTraffic traffic() throws IOException, InterruptedException {
        HttpResponse<String> response =
                send(request("/v1/sandbox/traffic").GET().build());
        GatewayClient.check(response, 200, "reading the sandbox traffic");
        return SandboxTraffic.of(json.readTree(response.body()));
    }

    /** {@code GET /v1/ledger}: {@code {"charges": [..], "refunds": [..]}}. */
    JsonNode ledger() throws IOException, InterruptedException {
        HttpResponse<String> response = send(request("/v1/ledger")
                .header("Authorization", "Bearer " + merchantKey)
                .GET()
                .build());
        GatewayClient.check(response, 200, "reading the sandbox ledger");
        return json.readTree(response.body());
    }

    /** {@code POST /v1/charges} for {@code orderId}, answered or failed ({@code HttpTimeoutException}) within {@code timeout}. */
    CompletableFuture<HttpResponse<String>> charge(
            String idempotencyKey,
            UUID orderId,
            long amountCents,
            String currency,
            String paymentMethod,
            Duration timeout) {
        String body = """
                {"orderId":"%s","amountCents":%d,"currency":"%s","paymentMethod":"%s"}""".formatted(orderId, amountCents, currency, paymentMethod);
        return http.sendAsync(
                request("/v1/charges")
                        .timeout(timeout)
                        .header("Authorization", "Bearer " + merchantKey)
                        .header("Idempotency-Key", idempotencyKey)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** {@code settings} with {@code tps} and {@code timeoutShare} replaced and every other field kept. */
    static ObjectNode withLoad(JsonNode settings, int tps, double timeoutShare) {
        if (!(settings instanceof ObjectNode object)) {
            throw new IllegalArgumentException("the sandbox settings are a JSON object, not " + settings);
        }
        ObjectNode changed = object.deepCopy();
        changed.put("tps", tps);
        changed.put("timeoutShare", timeoutShare);
        return changed;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(sandbox + path)).timeout(TIMEOUT);
    }

    private HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
