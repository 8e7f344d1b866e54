package dev.onsale.common.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The database holds {@code seatIds} for the order until {@code expiresAt}: the hold exists. */
public record SeatsAllocated(
        UUID orderId,
        UUID eventId,
        UUID sessionId,
        List<String> seatIds,
        long amountCents,
        String currency,
        Instant expiresAt)
        implements HoldReply {

    public SeatsAllocated {
        seatIds = List.copyOf(seatIds);
    }
}
