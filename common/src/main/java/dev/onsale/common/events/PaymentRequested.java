package dev.onsale.common.events;

import java.time.Instant;
import java.util.UUID;

/**
 * The buyer of order {@code orderId} asked to pay {@code amountCents} with the payment-method token
 * {@code paymentMethod} (never card data). {@code paymentId} names this payment everywhere, and is the
 * idempotency key of every provider call made for it.
 */
public record PaymentRequested(
        UUID orderId,
        UUID paymentId,
        UUID eventId,
        UUID sessionId,
        long amountCents,
        String currency,
        String paymentMethod,
        Instant requestedAt)
        implements PaymentCommand {}
