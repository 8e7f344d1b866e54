package dev.onsale.payment.provider;

import dev.onsale.payment.settlement.ProviderRefund;
import java.util.UUID;

/** A refund as the acquirer shows it; refunds are synchronous, {@code status} SUCCEEDED. */
public record RefundView(String id, String chargeId, UUID orderId, long amountCents, String status) {

    public ProviderRefund observation() {
        return new ProviderRefund(id, chargeId, orderId, amountCents, status);
    }
}
