package dev.onsale.inventory.hold;

/** Why the gate refused a hold at once, without writing anything. */
public enum GateRefusal {
    /** No counter or settings: the event is unknown to inventory. */
    EVENT_NOT_FOUND,
    /** The recorded sale state is not OPEN. */
    SALE_NOT_OPEN,
    /** More seats than the event's maxPerOrder. */
    LIMIT_EXCEEDED,
    /** The session already has a live order for the event. */
    ORDER_ALREADY_LIVE,
    /** Fewer seats left at the gate than asked for. */
    SOLD_OUT,
    /** A chosen seat is claimed by another order. */
    SEAT_UNAVAILABLE
}
