package dev.onsale.inventory.hold;

import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * A validated request for a hold: {@code seatIds} chosen (then {@code quantity} is their number), or
 * empty for any {@code quantity} seats. {@code idempotencyKey} may be null.
 */
public record HoldRequest(UUID eventId, UUID sessionId, List<String> seatIds, int quantity, String idempotencyKey) {

    public HoldRequest {
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(sessionId, "sessionId");
        seatIds = List.copyOf(seatIds);
        if (quantity < 1 || (!seatIds.isEmpty() && seatIds.size() != quantity)) {
            throw new IllegalArgumentException("quantity " + quantity + " does not fit seats " + seatIds);
        }
    }

    public static HoldRequest ofSeats(UUID eventId, UUID sessionId, List<String> seatIds, String idempotencyKey) {
        return new HoldRequest(eventId, sessionId, seatIds, seatIds.size(), idempotencyKey);
    }

    public static HoldRequest ofQuantity(UUID eventId, UUID sessionId, int quantity, String idempotencyKey) {
        return new HoldRequest(eventId, sessionId, List.of(), quantity, idempotencyKey);
    }
}
