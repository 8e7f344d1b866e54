package dev.onsale.common.events;

/** The state of an event's sale, as clients see it in {@code saleState}. */
public enum SaleState {
    /** Before {@code saleOpensAt}. */
    SCHEDULED,
    OPEN,
    PAUSED,
    HALTED,
    SOLD_OUT,
    CLOSED
}
