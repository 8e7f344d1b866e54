package dev.onsale.payment.settlement;

import java.util.UUID;

/** What the provider says about one refund of charge {@code chargeId}: {@code status} is SUCCEEDED. */
public record ProviderRefund(String refundId, String chargeId, UUID orderId, long amountCents, String status) {}
