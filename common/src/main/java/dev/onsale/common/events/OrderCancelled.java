package dev.onsale.common.events;

import java.util.UUID;

/** A held order was cancelled (by its buyer, or because the gate gave up waiting for its allocation); its seats are free again. */
public record OrderCancelled(UUID orderId, UUID eventId, UUID sessionId) implements OrderEvent {}
