package dev.onsale.common.events;

import java.util.UUID;

/**
 * The gate gave up waiting for the allocation of {@code orderId}: release it if it was allocated, and
 * refuse an {@link AllocateSeats} for it that arrives later. Applying it twice changes nothing.
 */
public record CancelAllocation(UUID orderId, UUID eventId, String reason) implements HoldCommand {}
