package dev.onsale.common.events;

import java.time.Instant;
import java.util.UUID;

/**
 * The Redis hold timer of {@code orderId} expired at about {@code expiredAt}: a prompt hint to
 * booking-service, whose {@code expires_at} decides whether the order really expired.
 */
public record HoldTimerExpired(UUID eventId, UUID orderId, Instant expiredAt) implements InventoryEvent {}
