package dev.onsale.inventory.reconciliation;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * An event's gate at one instant ({@code observedAt}, Redis' clock): its counters ({@code available} empty when
 * the gate has no counter for the event), its live orders, the seat claims and session keys and the orders they
 * name, and the record states of the orders asked about.
 */
record GateSnapshot(
        Instant observedAt,
        Optional<Long> available,
        long liveHolds,
        long sold,
        List<LiveOrder> live,
        Map<String, UUID> claims,
        Map<UUID, UUID> sessions,
        Map<UUID, String> states) {

    /** A live order at the gate: PENDING (its allocation has not come back) or HELD. */
    record LiveOrder(
            UUID orderId, String state, int quantity, List<String> seatIds, UUID sessionId, Instant requestedAt) {

        boolean pending() {
            return "PENDING".equals(state);
        }
    }
}
