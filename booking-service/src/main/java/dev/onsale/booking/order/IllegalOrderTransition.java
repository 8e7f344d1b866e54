package dev.onsale.booking.order;

import java.util.UUID;

/** A move the table in {@link OrderStatus} does not allow; nothing was written. A bug, or a caller that did not check. */
public class IllegalOrderTransition extends RuntimeException {

    private final UUID orderId;
    private final OrderStatus from;
    private final OrderStatus to;

    IllegalOrderTransition(UUID orderId, OrderStatus from, OrderStatus to, String detail) {
        super("order " + orderId + " cannot go from " + from + " to " + to + (detail == null ? "" : ": " + detail));
        this.orderId = orderId;
        this.from = from;
        this.to = to;
    }

    public UUID orderId() {
        return orderId;
    }

    public OrderStatus from() {
        return from;
    }

    public OrderStatus to() {
        return to;
    }
}
