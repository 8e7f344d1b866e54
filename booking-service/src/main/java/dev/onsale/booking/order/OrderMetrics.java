package dev.onsale.booking.order;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Meters of the order lifecycle. Counts are taken after the transaction committed, so a rolled-back
 * attempt (a retried delivery) is not counted twice.
 */
@Component
class OrderMetrics {

    private final MeterRegistry meters;
    private final AtomicLong held = new AtomicLong();
    private final AtomicLong paymentPending = new AtomicLong();

    OrderMetrics(MeterRegistry meters) {
        this.meters = meters;
        Gauge.builder("onsale.orders.active", held, AtomicLong::get)
                .description("Live orders (all events) as of the last sweep pass; every replica reports the same")
                .tag("status", "held")
                .register(meters);
        Gauge.builder("onsale.orders.active", paymentPending, AtomicLong::get)
                .description("Live orders (all events) as of the last sweep pass; every replica reports the same")
                .tag("status", "payment_pending")
                .register(meters);
    }

    /** An order gave its seats back ({@code reason}: the state it entered). */
    void released(OrderStatus reason) {
        afterCommit(() -> Counter.builder("onsale.orders.released")
                .description("Orders whose seats were freed, by reason")
                .tag("reason", reason.name().toLowerCase(Locale.ROOT))
                .register(meters)
                .increment());
    }

    /** An order expired {@code lag} after its deadline. */
    void expiredLate(Duration lag) {
        afterCommit(() -> Timer.builder("onsale.order.release.lag")
                .description("Release time minus the deadline (expires_at, or the payment deadline) of expired orders")
                .register(meters)
                .record(lag.isNegative() ? Duration.ZERO : lag));
    }

    /** A payment succeeded for an order that had already ended in {@code status}: it awaits a refund. */
    void paidAfterEnd(OrderStatus status) {
        afterCommit(() -> Counter.builder("onsale.orders.paid.after.end")
                .description("Payment successes for orders that had already ended (to be refunded)")
                .tag("status", status.name().toLowerCase(Locale.ROOT))
                .register(meters)
                .increment());
    }

    void live(long heldOrders, long pendingOrders) {
        held.set(heldOrders);
        paymentPending.set(pendingOrders);
    }

    private static void afterCommit(Runnable action) {
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    action.run();
                }
            });
        } else {
            action.run();
        }
    }
}
