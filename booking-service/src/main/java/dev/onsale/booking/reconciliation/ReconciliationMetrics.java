package dev.onsale.booking.reconciliation;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * {@code onsale.reconciliation.runs{trigger,outcome}}, {@code onsale.reconciliation.drifts{kind}},
 * {@code onsale.reconciliation.repairs{kind,action}} and {@code onsale.reconciliation.last.success} (epoch seconds
 * of the end of the last run that reached every event's gate; 0 before the first).
 */
@Component
class ReconciliationMetrics {

    private final MeterRegistry meters;
    private final AtomicLong lastSuccess = new AtomicLong();

    ReconciliationMetrics(MeterRegistry meters) {
        this.meters = meters;
        Gauge.builder("onsale.reconciliation.last.success", lastSuccess, AtomicLong::get)
                .description("epoch seconds of the end of the last reconciliation run that reached every gate")
                .baseUnit("seconds")
                .register(meters);
    }

    void ran(ReconciliationReport report) {
        boolean complete = report.events().stream().allMatch(ReconciliationReport.EventResult::gateAnswered);
        Counter.builder("onsale.reconciliation.runs")
                .tag("trigger", report.trigger().name())
                .tag("outcome", complete ? "complete" : "gate_unanswered")
                .register(meters)
                .increment();
        for (ReconciliationReport.EventResult event : report.events()) {
            for (ReconciliationReport.Drift drift : event.drifts()) {
                Counter.builder("onsale.reconciliation.drifts")
                        .tag("kind", drift.kind())
                        .register(meters)
                        .increment();
                Counter.builder("onsale.reconciliation.repairs")
                        .tag("kind", drift.kind())
                        .tag("action", drift.action())
                        .register(meters)
                        .increment();
            }
        }
        if (complete) {
            lastSuccess.set(report.finishedAt().getEpochSecond());
        }
    }

    Instant lastSuccess() {
        return Instant.ofEpochSecond(lastSuccess.get());
    }
}
