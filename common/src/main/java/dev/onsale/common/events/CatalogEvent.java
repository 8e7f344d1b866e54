package dev.onsale.common.events;

import java.util.UUID;

/**
 * Events published by booking-service on {@link dev.onsale.common.Topics#EVENTS}, keyed by event id.
 * Consumers switch over the permitted records.
 */
public sealed interface CatalogEvent permits EventCreated, SaleStateChanged {

    /** The sale event (concert, match) this message is about; also the record key. */
    UUID eventId();
}
