package dev.onsale.common.events;

import java.util.UUID;

/** inventory-service's answer to a {@link ReconciliationCommand}, on {@link dev.onsale.common.Topics#RECONCILIATION_REPLIES}. */
public sealed interface ReconciliationReply permits GateReconciled {

    UUID runId();

    UUID eventId();
}
