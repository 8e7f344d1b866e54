package dev.onsale.inventory.hold;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The gate's record of one order, as the scripts keep it. The answer fields are set once it is HELD. */
public record OrderRecord(
        UUID orderId,
        OrderState state,
        int quantity,
        List<String> seatIds,
        Long amountCents,
        String currency,
        Instant expiresAt,
        String reason) {

    /** States of an order at the gate. */
    public enum OrderState {
        /** Passed the gate, waiting for booking's allocation. */
        PENDING,
        /** The database holds its seats. */
        HELD,
        /** Paid: its seats stay sold. */
        CONVERTED,
        /** Booking released it (cancelled, expired, payment failed); its seats are back. */
        RELEASED,
        /** Booking refused the allocation; its seats are back. */
        REFUSED,
        /** No reply came in time: cancelled by the gate, its seats are back. */
        TIMED_OUT;

        /** Whether its seats count against the event: still live or sold. */
        public boolean takesSeats() {
            return this == PENDING || this == HELD || this == CONVERTED;
        }
    }

    static OrderRecord of(UUID orderId, Map<String, String> hash) {
        String seats = hash.getOrDefault("seats", "");
        return new OrderRecord(
                orderId,
                OrderState.valueOf(hash.get("state")),
                Integer.parseInt(hash.get("quantity")),
                seats.isEmpty() ? List.of() : Arrays.asList(seats.split(",")),
                hash.containsKey("amountCents") ? Long.valueOf(hash.get("amountCents")) : null,
                hash.get("currency"),
                hash.containsKey("expiresAt") ? Instant.parse(hash.get("expiresAt")) : null,
                hash.get("reason"));
    }

    /** Whether the record carries booking's answer (it was HELD at some point). */
    public boolean allocated() {
        return amountCents != null && expiresAt != null;
    }
}
