package dev.onsale.common.events;

import java.util.UUID;

/** Paid; tickets are issued. */
public record OrderConfirmed(UUID orderId, UUID eventId, UUID sessionId) implements OrderEvent {}
