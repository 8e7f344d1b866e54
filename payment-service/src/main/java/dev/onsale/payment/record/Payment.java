package dev.onsale.payment.record;

import java.time.Instant;
import java.util.UUID;

/** One row of {@code payment.payments}; {@code chargeId} is null until the provider's charge is known. */
public record Payment(
        UUID id,
        UUID orderId,
        long amountCents,
        String currency,
        String paymentMethod,
        PaymentStatus status,
        String chargeId,
        Instant requestedAt,
        Instant deadline,
        int attempts,
        int polls,
        Instant firstSubmittedAt) {}
