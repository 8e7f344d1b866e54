package dev.onsale.sandbox.charge;

import java.util.UUID;

/** A refund as the API shows it; refunds succeed synchronously or are refused, so status is always SUCCEEDED. */
public record RefundView(
        String id,
        String object,
        String chargeId,
        UUID orderId,
        long amountCents,
        String currency,
        String status,
        long created) {}
