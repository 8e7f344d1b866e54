package dev.onsale.common.events;

import java.util.UUID;

/**
 * The payment of the order failed for good ({@code reason}, e.g. a decline): booking sets the order
 * {@code PAYMENT_FAILED} and frees its seats at once.
 */
public record PaymentFailed(UUID orderId, UUID paymentId, String reason) implements PaymentResult {}
