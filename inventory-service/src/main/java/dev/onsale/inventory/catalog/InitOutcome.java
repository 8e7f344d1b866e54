package dev.onsale.inventory.catalog;

/** What applying one EventCreated did to the event's counter. */
enum InitOutcome {
    /** The counter was created with the capacity and AvailabilityChanged was appended to the outbox. */
    CREATED,
    /** A counter already existed (another message announced the same event); it was left as it is. */
    KEPT,
    /** This very message was applied before; nothing changed. */
    DUPLICATE
}
