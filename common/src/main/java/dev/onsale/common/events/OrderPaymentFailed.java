package dev.onsale.common.events;

import java.util.UUID;

/** The payment was declined; its seats are free again (final). */
public record OrderPaymentFailed(UUID orderId, UUID eventId, UUID sessionId) implements OrderEvent {}
