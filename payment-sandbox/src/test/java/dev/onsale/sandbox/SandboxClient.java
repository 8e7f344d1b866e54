package dev.onsale.sandbox;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** The sandbox's calls as a merchant makes them (with its key), and its operator's (settings, reset), on {@link TestHttp}. */
public final class SandboxClient {

    public static final String MERCHANT_KEY = "sk_test_local";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final TestHttp http;

    public SandboxClient(int port) {
        this.http = TestHttp.at(port).timeout(TIMEOUT);
    }

    /** The client underneath, for a call these helpers do not name. */
    public TestHttp http() {
        return http;
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

    /** {@code POST /v1/charges}; no {@code Idempotency-Key} when the key is null. */
    public Reply charge(String idempotencyKey, Object body) {
        return charge(idempotencyKey, body, TIMEOUT);
    }

    /** A charge whose answer is given up on after {@code timeout}. */
    public Reply charge(String idempotencyKey, Object body, Duration timeout) {
        return http.timeout(timeout)
                .post("/v1/charges", body)
                .bearer(MERCHANT_KEY)
                .idempotencyKey(idempotencyKey)
                .send();
    }

    public Reply refund(String idempotencyKey, Object body) {
        return http.post("/v1/refunds", body)
                .bearer(MERCHANT_KEY)
                .idempotencyKey(idempotencyKey)
                .send();
    }

    public Reply get(String path) {
        return http.get(path).bearer(MERCHANT_KEY).send();
    }

    public JsonNode charge(String id) {
        return get("/v1/charges/" + id).json();
    }

    /** The ledger's charges for one order. */
    public List<JsonNode> chargesFor(UUID orderId) {
        return get("/v1/ledger")
                .json()
                .get("charges")
                .valueStream()
                .filter(c -> c.get("orderId").asString().equals(orderId.toString()))
                .toList();
    }

    public Reply putSettings(Map<String, ?> changes) {
        return http.put("/v1/sandbox/settings", changes).send();
    }

    /** {@code json} sent as it is, parseable or not. */
    public Reply putSettingsRaw(String json) {
        return http.put("/v1/sandbox/settings", json).send();
    }

    public void reset() {
        http.post("/v1/sandbox/reset", null).send();
    }
}
