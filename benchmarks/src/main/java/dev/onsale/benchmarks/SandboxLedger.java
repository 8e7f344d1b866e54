package dev.onsale.benchmarks;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * A run's view of the sandbox's {@code GET /v1/ledger}: the charges made for the run's orders (one per order is
 * right; more is a buyer charged twice) and everything else the ledger holds.
 *
 * @param charges          every charge in the ledger
 * @param chargesForOrders the charges whose {@code orderId} is one of the run's orders
 * @param ordersCharged    the run's orders with at least one charge
 * @param ordersSucceeded  the run's orders with at least one SUCCEEDED charge
 * @param chargedTwice     the run's orders with more than one charge
 * @param statuses         the run's charges by status
 * @param refunds          every refund in the ledger
 */
record SandboxLedger(
        int charges,
        int chargesForOrders,
        int ordersCharged,
        int ordersSucceeded,
        List<UUID> chargedTwice,
        Map<String, Integer> statuses,
        int refunds) {

    SandboxLedger {
        chargedTwice = List.copyOf(chargedTwice);
        statuses = Map.copyOf(statuses);
    }

    static SandboxLedger of(JsonNode ledger, Set<UUID> orders) {
        Map<UUID, Integer> perOrder = new HashMap<>();
        Set<UUID> succeeded = new HashSet<>();
        Map<String, Integer> statuses = new TreeMap<>();
        int charges = 0;
        int chargesForOrders = 0;
        for (JsonNode charge : ledger.path("charges")) {
            charges++;
            UUID order = uuid(charge.path("orderId").asString(""));
            if (order == null || !orders.contains(order)) {
                continue;
            }
            chargesForOrders++;
            perOrder.merge(order, 1, Integer::sum);
            String status = charge.path("status").asString("");
            statuses.merge(status, 1, Integer::sum);
            if (status.equals("SUCCEEDED")) {
                succeeded.add(order);
            }
        }
        List<UUID> twice = perOrder.entrySet().stream()
                .filter(e -> e.getValue() > 1)
                .map(Map.Entry::getKey)
                .sorted()
                .toList();
        return new SandboxLedger(
                charges,
                chargesForOrders,
                perOrder.size(),
                succeeded.size(),
                twice,
                statuses,
                ledger.path("refunds").size());
    }

    /** Exactly one charge for each of {@code orders} orders and none for anything else. */
    boolean oneChargePerOrder(int orders) {
        return charges == orders && chargesForOrders == orders && ordersCharged == orders;
    }

    String report(int orders) {
        return String.format(
                "%d charges for %d of %d orders (one per order: %s) %s; charged twice: %s; charges for other orders: %d; refunds: %d",
                chargesForOrders,
                ordersCharged,
                orders,
                oneChargePerOrder(orders) ? "yes" : "NO",
                new TreeMap<>(statuses),
                chargedTwice.isEmpty()
                        ? "none"
                        : chargedTwice.size() + " " + chargedTwice.subList(0, Math.min(5, chargedTwice.size())),
                charges - chargesForOrders,
                refunds);
    }

    private static UUID uuid(String text) {
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
