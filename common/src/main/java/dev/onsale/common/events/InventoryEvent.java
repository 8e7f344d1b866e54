package dev.onsale.common.events;

import java.util.UUID;

/**
 * Events published by inventory-service on {@link dev.onsale.common.Topics#INVENTORY}, keyed by
 * event id, relayed from its Redis-stream outbox.
 */
public sealed interface InventoryEvent permits AvailabilityChanged, HoldTimerExpired {

    /** The sale event whose inventory changed; also the record key. */
    UUID eventId();
}
