package dev.onsale.common.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The database holds {@code seatIds} for this order until {@code expiresAt}. */
public record OrderHeld(
        UUID orderId,
        UUID eventId,
        UUID sessionId,
        List<String> seatIds,
        long amountCents,
        String currency,
        Instant expiresAt)
        implements OrderEvent {

    public OrderHeld {
        seatIds = List.copyOf(seatIds);
    }
}
