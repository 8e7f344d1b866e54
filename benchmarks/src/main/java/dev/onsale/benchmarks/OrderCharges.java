package dev.onsale.benchmarks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The charges made for each order, as one source tells them: the payment sandbox's ledger ({@code GET /v1/ledger},
 * every charge the acquirer made, declined ones too), or, where the sandbox cannot be reached, the event's ledger
 * ({@code GET /audit/events/{id}/ledger}: the charges payment-service captured and reported to booking).
 *
 * @param source      where the charges were read, for the report
 * @param everyCharge whether the source lists every charge (the acquirer's), not only the captured ones
 * @param statuses    each order's charges, by status ({@code SUCCEEDED}, {@code DECLINED}, ...), oldest first
 */
record OrderCharges(String source, boolean everyCharge, Map<UUID, List<String>> statuses) {

    OrderCharges {
        Map<UUID, List<String>> copy = new HashMap<>();
        statuses.forEach((order, list) -> copy.put(order, List.copyOf(list)));
        statuses = Map.copyOf(copy);
    }

    /** From the sandbox's {@code {"charges": [{"orderId", "status", ...}], "refunds": [..]}}. */
    static OrderCharges ofSandbox(String sandbox, JsonNode ledger) {
        return new OrderCharges("the sandbox's ledger at " + sandbox, true, byOrder(ledger, "status"));
    }

    /** From the event's ledger, whose {@code charges} are the captured ones ({@code paymentStatus}). */
    static OrderCharges ofEventLedger(String why, JsonNode ledger) {
        return new OrderCharges(
                "the event's ledger (captured charges only; " + why + ")", false, byOrder(ledger, "paymentStatus"));
    }

    private static Map<UUID, List<String>> byOrder(JsonNode ledger, String statusField) {
        Map<UUID, List<String>> byOrder = new HashMap<>();
        for (JsonNode charge : ledger.path("charges")) {
            try {
                UUID order = UUID.fromString(charge.path("orderId").asString(""));
                byOrder.computeIfAbsent(order, o -> new ArrayList<>())
                        .add(charge.path(statusField).asString(""));
            } catch (IllegalArgumentException e) {
                // a charge for no order of ours
            }
        }
        return byOrder;
    }

    /** How many charges {@code order} had. */
    int count(UUID order) {
        return statuses.getOrDefault(order, List.of()).size();
    }

    /** How many of {@code order}'s charges went through (succeeded, refunded since or being refunded). */
    long captured(UUID order) {
        return statuses.getOrDefault(order, List.of()).stream()
                .filter(s -> s.equals("SUCCEEDED") || s.startsWith("REFUND"))
                .count();
    }
}
