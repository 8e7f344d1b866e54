package dev.onsale.payment.reconcile;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import org.springframework.stereotype.Component;

/** Meters of this replica's reconciliation passes. */
@Component
class ReconcileMetrics {

    private final MeterRegistry meters;

    ReconcileMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    /** One ledger entry considered: {@code kind} charge or refund. */
    void reconciled(String kind, Reconciled result) {
        Counter.builder("onsale.payments.reconciled")
                .description("Ledger entries considered by reconciliation passes, by kind and result (an entry counts"
                        + " once per pass that sees it)")
                .tag("kind", kind)
                .tag("result", result.tag())
                .register(meters)
                .increment();
    }

    /** A pass this replica made: {@code outcome} completed, or failed (the ledger could not be read). */
    void pass(String outcome, Duration took) {
        Timer.builder("onsale.payments.reconcile.pass")
                .description("Reconciliation passes made by this replica, from taking the turn to the last entry")
                .tag("outcome", outcome)
                .register(meters)
                .record(took);
    }

    /** A pass not made: {@code reason} turn_taken (another replica's) or breaker_open. */
    void skipped(String reason) {
        Counter.builder("onsale.payments.reconcile.skipped")
                .description("Reconciliation passes this replica did not make, by reason")
                .tag("reason", reason)
                .register(meters)
                .increment();
    }
}
