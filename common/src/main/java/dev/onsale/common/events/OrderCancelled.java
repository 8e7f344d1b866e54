package dev.onsale.common.events;

import java.util.UUID;

/** The buyer cancelled a held order; its seats are free again. */
public record OrderCancelled(UUID orderId, UUID eventId, UUID sessionId) implements OrderEvent {
}
