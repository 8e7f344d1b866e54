package dev.onsale.payment.settlement;

import java.util.UUID;

/**
 * What the provider says about one charge, from a webhook or a poll: {@code status} is PENDING, SUCCEEDED or
 * DECLINED; {@code failureCode} is set only when DECLINED.
 */
public record ProviderCharge(
        String chargeId, UUID orderId, long amountCents, String currency, String status, String failureCode) {}
