package dev.onsale.payment.settlement;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;

/** Meters of announced results; recorded after commit, once per result. */
@Component
class SettlementMetrics {

    private final MeterRegistry meters;

    SettlementMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    /** A payment result left: {@code outcome} succeeded, declined or failed. */
    void settled(String outcome, Instant requestedAt) {
        Counter.builder("onsale.payments.settled")
                .description("Payment results announced, by outcome (a late success after failed counts again)")
                .tag("outcome", outcome)
                .register(meters)
                .increment();
        Timer.builder("onsale.payments.settle.latency")
                .description("From the buyer's request (booking's clock) to the announced result")
                .tag("outcome", outcome)
                .register(meters)
                .record(since(requestedAt));
    }

    /** A refund reached a final state: {@code outcome} succeeded or failed. */
    void refund(String outcome) {
        Counter.builder("onsale.payments.refunds")
                .description("Refunds by final outcome")
                .tag("outcome", outcome)
                .register(meters)
                .increment();
    }

    private static Duration since(Instant start) {
        Duration elapsed = Duration.between(start, Instant.now());
        return elapsed.isNegative() ? Duration.ZERO : elapsed;
    }
}
