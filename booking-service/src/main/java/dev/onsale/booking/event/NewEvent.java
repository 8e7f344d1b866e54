package dev.onsale.booking.event;

import java.time.Instant;

/** An event an operator asked for, already validated (see {@code EventRequestValidation}). */
public record NewEvent(
        String name,
        String venue,
        Instant startsAt,
        Instant saleOpensAt,
        String currency,
        int holdTtlSeconds,
        int maxPerOrder,
        SeatLayout layout) {}
