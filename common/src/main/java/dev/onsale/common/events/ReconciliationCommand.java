package dev.onsale.common.events;

import java.util.UUID;

/** booking-service's side of a reconciliation run, on {@link dev.onsale.common.Topics#RECONCILIATION_COMMANDS}. */
public sealed interface ReconciliationCommand permits ReconcileGate {

    UUID runId();

    UUID eventId();
}
