package dev.onsale.payment.settlement;

/** What applying a provider observation did. */
public enum Applied {
    /** The payment or refund moved, and its result left through the outbox. */
    CHANGED,
    /** Already known: nothing changed, nothing emitted. */
    UNCHANGED,
    /** No payment or refund of ours matches it: nothing changed. */
    UNKNOWN
}
