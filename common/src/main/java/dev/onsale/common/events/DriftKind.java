package dev.onsale.common.events;

/** The kinds of difference a reconciliation run reports (the contract lists them). */
public enum DriftKind {
    /** The gate's available, live or sold count disagrees with the database once in-flight holds are counted. */
    COUNTER_DRIFT,
    /** A live gate order the database does not hold (its allocation never came). */
    GATE_HOLD_UNKNOWN,
    /** The database ended (or confirmed) the order; the gate still counts it as a live hold. */
    ORDER_ENDED_GATE_LIVE,
    /** The database holds seats for an order the gate does not count. */
    DATABASE_HOLD_WITHOUT_GATE,
    /** A seat claim naming no live order. */
    STALE_SEAT_CLAIM,
    /** A buyer session's live-order key naming no live order (it would refuse the buyer's next hold). */
    STALE_SESSION_KEY,
    /** A seat in two live or sold orders, or more tickets than seats: never expected; halts the sale. */
    OVERSELL
}
