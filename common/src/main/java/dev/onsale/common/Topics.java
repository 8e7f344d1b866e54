package dev.onsale.common;

/** Kafka topic names: the one place they are spelled. Keys are given per topic. */
public final class Topics {

    /** Key: event id. EventCreated, SaleStateChanged. */
    public static final String EVENTS = "onsale.events";
    /** Key: order id. AllocateSeats, CancelAllocation. */
    public static final String HOLD_COMMANDS = "onsale.holds.commands";
    /** Key: order id. SeatsAllocated, AllocationRefused. */
    public static final String HOLD_REPLIES = "onsale.holds.replies";
    /** Key: event id. ReconcileGate: booking's side of one event, for the gate to compare with its own. */
    public static final String RECONCILIATION_COMMANDS = "onsale.reconciliation.commands";
    /** Key: event id. GateReconciled: what the gate found, and what it repaired. */
    public static final String RECONCILIATION_REPLIES = "onsale.reconciliation.replies";
    /** Key: order id. OrderHeld ... OrderRefunded. */
    public static final String ORDERS = "onsale.orders";
    /** Key: event id. AvailabilityChanged, HoldTimerExpired. */
    public static final String INVENTORY = "onsale.inventory";
    /** Key: order id. PaymentRequested, RefundRequested. */
    public static final String PAYMENT_REQUESTS = "onsale.payments.requests";
    /** Key: order id. PaymentSucceeded, PaymentFailed, RefundIssued. */
    public static final String PAYMENT_RESULTS = "onsale.payments.results";

    private Topics() {}
}
