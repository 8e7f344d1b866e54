package dev.onsale.inventory.hold;

import dev.onsale.common.events.OrderCancelled;
import dev.onsale.common.events.OrderConfirmed;
import dev.onsale.common.events.OrderEvent;
import dev.onsale.common.events.OrderExpired;
import dev.onsale.common.events.OrderHeld;
import dev.onsale.common.events.OrderPaymentFailed;
import dev.onsale.common.events.OrderPaymentPending;
import dev.onsale.common.events.OrderRefunded;
import org.springframework.stereotype.Component;

/**
 * Applies booking's order events to the gate. OrderCancelled, OrderExpired and OrderPaymentFailed are
 * the one trigger that gives seats back (release, once per order however often and by whichever path
 * it arrives); OrderConfirmed converts the hold (the counter stays down). The rest change nothing here.
 */
@Component
public class OrderOutcomes {

    private final Gate gate;
    private final HoldMetrics metrics;

    OrderOutcomes(Gate gate, HoldMetrics metrics) {
        this.gate = gate;
        this.metrics = metrics;
    }

    public void apply(OrderEvent event) {
        switch (event) {
            case OrderCancelled cancelled -> release(event, "cancelled");
            case OrderExpired expired -> release(event, "expired");
            case OrderPaymentFailed failed -> release(event, "payment_failed");
            case OrderConfirmed confirmed -> gate.convert(event.eventId(), event.orderId());
            case OrderHeld held -> {}
            case OrderPaymentPending pending -> {}
            case OrderRefunded refunded -> {}
        }
    }

    private void release(OrderEvent event, String reason) {
        if (gate.release(event.eventId(), event.orderId(), reason)) {
            metrics.released(reason);
        }
    }
}
