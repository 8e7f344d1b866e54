package dev.onsale.payment.webhook;

import dev.onsale.payment.settlement.ProviderCharge;
import dev.onsale.payment.settlement.ProviderRefund;

/**
 * A verified webhook body: {@code {"id": "evt_..", "type": .., "created": unix, "data": {..}}}. {@code id} is the
 * provider's event id, the same on every retry and duplicate of one event: the dedupe key.
 */
record ProviderEvent(String id, String type, long created, Observation observation) {

    /** What the event says, by type; types we do not act on are {@link Other}. */
    sealed interface Observation {}

    /** {@code charge.succeeded} or {@code charge.failed}. */
    record ChargeObserved(ProviderCharge charge) implements Observation {}

    /** {@code refund.succeeded}. */
    record RefundObserved(ProviderRefund refund) implements Observation {}

    /** Any other type: recorded and acknowledged, nothing else. */
    record Other() implements Observation {}
}
