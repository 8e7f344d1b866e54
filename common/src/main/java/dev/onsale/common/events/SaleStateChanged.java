package dev.onsale.common.events;

import java.util.UUID;

/** An operator (or the clock) moved an event's sale from {@code previous} to {@code current}. */
public record SaleStateChanged(UUID eventId, SaleState previous, SaleState current) implements CatalogEvent {}
