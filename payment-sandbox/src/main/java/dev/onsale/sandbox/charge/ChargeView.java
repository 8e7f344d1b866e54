package dev.onsale.sandbox.charge;

import java.util.UUID;

/** A charge as the API shows it; {@code created} is unix seconds, {@code failureCode} null unless DECLINED. */
public record ChargeView(
        String id,
        String object,
        UUID orderId,
        long amountCents,
        String currency,
        String paymentMethod,
        ChargeStatus status,
        String failureCode,
        long amountRefundedCents,
        long created) {}
