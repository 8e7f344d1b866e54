package dev.onsale.common.events;

import java.util.UUID;

/** The hold ran out before payment; its seats are free again. */
public record OrderExpired(UUID orderId, UUID eventId, UUID sessionId) implements OrderEvent {}
