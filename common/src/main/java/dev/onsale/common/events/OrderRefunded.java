package dev.onsale.common.events;

import java.util.UUID;

/** A charge that arrived for a dead order was refunded. */
public record OrderRefunded(UUID orderId, UUID eventId, UUID sessionId) implements OrderEvent {}
