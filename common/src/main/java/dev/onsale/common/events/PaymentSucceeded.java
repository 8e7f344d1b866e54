package dev.onsale.common.events;

import java.util.UUID;

/** The provider captured {@code amountCents} for the order: booking confirms it (or refunds it if it died). */
public record PaymentSucceeded(UUID orderId, UUID paymentId, long amountCents, String currency)
        implements PaymentResult {}
