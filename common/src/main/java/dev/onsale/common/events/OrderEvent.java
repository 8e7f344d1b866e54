package dev.onsale.common.events;

import java.util.UUID;

/**
 * Events published by booking-service on {@link dev.onsale.common.Topics#ORDERS}, keyed by order id.
 * Each carries the sale event and the buyer's session, so that the waiting room can count its
 * active buyers without asking booking.
 */
public sealed interface OrderEvent
        permits OrderHeld,
                OrderPaymentPending,
                OrderConfirmed,
                OrderCancelled,
                OrderExpired,
                OrderPaymentFailed,
                OrderRefunded {

    UUID orderId();

    UUID eventId();

    UUID sessionId();

    /** Whether the buyer is finished with this order: the waiting room stops counting them as active. */
    default boolean ended() {
        return switch (this) {
            case OrderHeld held -> false;
            case OrderPaymentPending pending -> false;
            case OrderConfirmed confirmed -> true;
            case OrderCancelled cancelled -> true;
            case OrderExpired expired -> true;
            case OrderPaymentFailed failed -> true;
            case OrderRefunded refunded -> true;
        };
    }
}
