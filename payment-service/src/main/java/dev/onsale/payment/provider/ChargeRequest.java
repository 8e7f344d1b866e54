package dev.onsale.payment.provider;

import java.util.UUID;

/** Body of {@code POST /v1/charges}: the same for every retry of one payment (the acquirer compares it per key). */
public record ChargeRequest(UUID orderId, long amountCents, String currency, String paymentMethod) {}
