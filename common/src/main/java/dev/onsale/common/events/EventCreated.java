package dev.onsale.common.events;

import java.time.Instant;
import java.util.UUID;

/**
 * A sale event now exists in the database of record with {@code capacity} sellable seats
 * (a seat map's seat count, or a general-admission quantity).
 */
public record EventCreated(
        UUID eventId,
        String name,
        String venue,
        Instant startsAt,
        Instant saleOpensAt,
        SaleState saleState,
        boolean seated,
        int capacity,
        String currency,
        int holdTtlSeconds,
        int maxPerOrder)
        implements CatalogEvent {}
