package dev.onsale.booking.payment;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.stereotype.Component;

/** Meters of buyers' payment requests; counted once the answer is final (after commit). */
@Component
class PaymentMetrics {

    private final Counter requested;
    private final Counter replayed;

    PaymentMetrics(MeterRegistry meters) {
        requested = Counter.builder("onsale.payments.requested")
                .description("Payments requested by buyers (new payment rows, each one PaymentRequested)")
                .register(meters);
        replayed = Counter.builder("onsale.payments.replayed")
                .description("Repeats of a payment request answered with the stored answer of its Idempotency-Key")
                .register(meters);
    }

    void requested() {
        requested.increment();
    }

    void replayed() {
        replayed.increment();
    }
}
