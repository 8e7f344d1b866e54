package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.system.PaymentsDriver.Held;
import dev.onsale.testing.TestHttp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The stack's sandbox acquirer as its merchant sees it: the charges and refunds in its ledger, the money-moving
 * requests it has seen, and its runtime settings.
 */
final class PaymentSandbox {

    /** The sandbox's local merchant key. */
    static final String MERCHANT_KEY = "sk_test_local";

    static final String SETTINGS = "/v1/sandbox/settings";

    private final TestHttp sandbox;

    PaymentSandbox(TestHttp sandbox) {
        this.sandbox = sandbox;
    }

    /** The order's only charge at the acquirer, which must be in {@code status}. */
    JsonNode theOneChargeOf(Held held, String status) {
        List<JsonNode> charges = chargesOf(held.orderId());
        assertThat(charges)
                .as("charges at the acquirer for order %s", held.orderId())
                .hasSize(1);
        assertThat(charges.getFirst().path("status").asString()).isEqualTo(status);
        return charges.getFirst();
    }

    List<JsonNode> chargesOf(UUID orderId) {
        return ledgerEntries("charges", orderId);
    }

    List<JsonNode> refundsOf(UUID orderId) {
        return ledgerEntries("refunds", orderId);
    }

    /** The whole ledger, grouped: each order's charges, and how much was refunded of each charge. */
    Books books() {
        JsonNode ledger = sandbox.get("/v1/ledger").bearer(MERCHANT_KEY).send().json();
        var chargesByOrder = new HashMap<UUID, List<JsonNode>>();
        ledger.path("charges")
                .forEach(c -> chargesByOrder
                        .computeIfAbsent(UUID.fromString(c.path("orderId").asString()), id -> new ArrayList<>())
                        .add(c));
        var refundedByCharge = new HashMap<String, Long>();
        ledger.path("refunds")
                .forEach(r -> refundedByCharge.merge(
                        r.path("chargeId").asString(), r.path("amountCents").asLong(), Long::sum));
        return new Books(chargesByOrder, refundedByCharge);
    }

    /** The acquirer's ledger by order and by charge. */
    record Books(Map<UUID, List<JsonNode>> chargesByOrder, Map<String, Long> refundedByCharge) {}

    private List<JsonNode> ledgerEntries(String kind, UUID orderId) {
        var entries = new ArrayList<JsonNode>();
        sandbox.get("/v1/ledger").bearer(MERCHANT_KEY).send().json().path(kind).forEach(entry -> {
            if (entry.path("orderId").asString().equals(orderId.toString())) {
                entries.add(entry);
            }
        });
        return entries;
    }

    /** Money-moving requests the sandbox has seen so far (accepted or refused for its TPS). */
    long chargeRequestsSeen() {
        JsonNode traffic =
                sandbox.get("/v1/sandbox/traffic").bearer(MERCHANT_KEY).send().json();
        long total = 0;
        for (String kind : List.of("acceptedPerSecond", "rejectedPerSecond")) {
            for (JsonNode count : traffic.path(kind)) {
                total += count.asLong();
            }
        }
        return total;
    }

    /** Changes the sandbox's behaviour: {@code changes} are the settings to set, the others stay. */
    void sandboxSettings(Object changes) {
        var answer = sandbox.put(SETTINGS, changes).bearer(MERCHANT_KEY).send();
        assertThat(answer.status()).as("PUT %s: %s", SETTINGS, answer).isEqualTo(200);
    }
}
