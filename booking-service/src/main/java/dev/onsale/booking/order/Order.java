package dev.onsale.booking.order;

import dev.onsale.common.events.OrderCancelled;
import dev.onsale.common.events.OrderConfirmed;
import dev.onsale.common.events.OrderEvent;
import dev.onsale.common.events.OrderExpired;
import dev.onsale.common.events.OrderHeld;
import dev.onsale.common.events.OrderPaymentFailed;
import dev.onsale.common.events.OrderPaymentPending;
import dev.onsale.common.events.OrderRefunded;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An order as the database holds it. {@code seatIds} are the seats it was allocated (in allocation
 * order), whatever its status; {@code paymentDeadline} is set once payment started.
 */
public record Order(
        UUID id,
        UUID eventId,
        UUID sessionId,
        OrderStatus status,
        List<String> seatIds,
        long amountCents,
        String currency,
        Instant expiresAt,
        Instant paymentDeadline,
        Instant updatedAt,
        long version) {

    public Order {
        seatIds = List.copyOf(seatIds);
    }

    /**
     * Checks that this order may move to {@code next}.
     *
     * @throws IllegalOrderTransition if the table in {@link OrderStatus} does not allow it
     */
    void requireCanBecome(OrderStatus next) {
        if (!status.canBecome(next)) {
            throw new IllegalOrderTransition(id, status, next, null);
        }
    }

    /** The deadline after which this live order expires: the payment deadline once payment started. */
    public Instant deadline() {
        return status == OrderStatus.PAYMENT_PENDING ? paymentDeadline : expiresAt;
    }

    public boolean ownedBy(UUID session) {
        return sessionId.equals(session);
    }

    OrderHeld held() {
        return new OrderHeld(id, eventId, sessionId, seatIds, amountCents, currency, expiresAt);
    }

    /** The message announcing that this order entered {@code status}. */
    OrderEvent announcement() {
        return switch (status) {
            case HELD -> held();
            case PAYMENT_PENDING -> new OrderPaymentPending(id, eventId, sessionId);
            case CONFIRMED -> new OrderConfirmed(id, eventId, sessionId);
            case EXPIRED -> new OrderExpired(id, eventId, sessionId);
            case CANCELLED -> new OrderCancelled(id, eventId, sessionId);
            case PAYMENT_FAILED -> new OrderPaymentFailed(id, eventId, sessionId);
            case REFUNDED -> new OrderRefunded(id, eventId, sessionId);
        };
    }
}
