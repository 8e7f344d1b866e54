package dev.onsale.common.events;

import java.util.UUID;

/** The buyer started paying; the order no longer expires until the payment bound. */
public record OrderPaymentPending(UUID orderId, UUID eventId, UUID sessionId) implements OrderEvent {}
