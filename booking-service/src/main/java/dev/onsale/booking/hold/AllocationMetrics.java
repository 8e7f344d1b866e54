package dev.onsale.booking.hold;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * {@code onsale.allocations{outcome}}: decisions by outcome ({@code allocated}, or the refusal reason in lower
 * case), {@code replayed} for a reply repeated from an earlier decision, {@code late} for a command skipped because
 * its gate had stopped waiting; {@code onsale.allocation.latency}: from
 * taking an AllocateSeats to its reply acknowledged.
 */
@Component
class AllocationMetrics {

    static final String REPLAYED = "replayed";
    static final String ALLOCATED = "allocated";
    static final String LATE = "late";

    private final MeterRegistry meters;
    private final Timer latency;

    AllocationMetrics(MeterRegistry meters) {
        this.meters = meters;
        this.latency = Timer.builder("onsale.allocation.latency")
                .description("AllocateSeats taken to its reply acknowledged by Kafka")
                .register(meters);
    }

    void outcome(String outcome) {
        Counter.builder("onsale.allocations")
                .description("Allocation decisions by outcome; replayed = a reply repeated for a redelivered command")
                .tag("outcome", outcome.toLowerCase(Locale.ROOT))
                .register(meters)
                .increment();
    }

    void latency(Duration duration) {
        latency.record(duration);
    }
}
