package dev.onsale.booking.order;

import java.util.Optional;
import java.util.UUID;

/**
 * The buyer's payment of an order, as payment-service's results move it (PROCESSING -> SUCCEEDED | FAILED |
 * REFUND_PENDING, FAILED -> REFUND_PENDING, REFUND_PENDING -> REFUNDED). Payments are recorded by the payment
 * feature, which implements this; orders only report what their results did, and read why one failed. Every move
 * joins the caller's transaction, in which the order is already locked, and matches the payment by both ids.
 */
public interface OrderPayments {

    /**
     * Why the order's payment failed, as {@link #failed} kept it (the provider's reason); empty if no payment of it
     * failed.
     */
    Optional<String> failureReason(UUID orderId);

    /** PROCESSING -> SUCCEEDED. */
    Change succeeded(UUID orderId, UUID paymentId);

    /** PROCESSING -> FAILED, keeping {@code reason}. */
    Change failed(UUID orderId, UUID paymentId, String reason);

    /**
     * PROCESSING or FAILED -> REFUND_PENDING: {@link Change#CHANGED} at most once per payment, which is what
     * allows the one RefundRequested.
     */
    Change refundRequested(UUID orderId, UUID paymentId);

    /** REFUND_PENDING -> REFUNDED by {@code refundId}. */
    Change refunded(UUID orderId, UUID paymentId, UUID refundId);

    /** What a move did to the payment. */
    enum Change {
        /** The payment was in a state the move starts from, and is now in its target. */
        CHANGED,
        /** The payment exists but is in no state the move starts from (it is there already, or beyond). */
        UNCHANGED,
        /** No payment with these ids. */
        UNKNOWN
    }
}
