package dev.onsale.common.events;

import java.util.UUID;

/**
 * The Redis counter gate of an event changed. {@code available} seats can still be held;
 * {@code liveHolds} are held and may come back; {@code soldOut} is {@code available == 0 && liveHolds == 0}:
 * nothing can come back.
 */
public record AvailabilityChanged(UUID eventId, long available, long liveHolds, boolean soldOut)
        implements InventoryEvent {}
