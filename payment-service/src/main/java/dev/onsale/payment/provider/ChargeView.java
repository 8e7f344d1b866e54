package dev.onsale.payment.provider;

import dev.onsale.payment.settlement.ProviderCharge;
import java.util.UUID;

/** A charge as the acquirer shows it; {@code status} PENDING, SUCCEEDED or DECLINED. */
public record ChargeView(
        String id, UUID orderId, long amountCents, String currency, String status, String failureCode) {

    public ProviderCharge observation() {
        return new ProviderCharge(id, orderId, amountCents, currency, status, failureCode);
    }
}
