package dev.onsale.common.events;

import java.util.UUID;

/**
 * Money was captured for an order that no longer holds its seats: give back {@code amountCents} of payment
 * {@code paymentId}. Never keep money without a ticket.
 */
public record RefundRequested(UUID orderId, UUID paymentId, long amountCents, String reason)
        implements PaymentCommand {}
