package dev.onsale.common.events;

/**
 * inventory-service's side of reconciliation, on {@link dev.onsale.common.Topics#RECONCILIATION_REPLIES}: its
 * answer to a {@link ReconciliationCommand}, or the news that the gate lost its store.
 */
public sealed interface ReconciliationReply permits GateReconciled, GateLost {}
