package dev.onsale.payment.queue;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/** Meters of the queue; the gauges are the database's counts (the same on every replica), refreshed per pass. */
@Component
class QueueMetrics {

    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong inFlight = new AtomicLong();
    private final Timer queueWait;

    QueueMetrics(MeterRegistry meters) {
        Gauge.builder("onsale.payments.queued", queued, AtomicLong::get)
                .description("Payments waiting to be submitted to the provider (all replicas)")
                .register(meters);
        Gauge.builder("onsale.payments.in.flight", inFlight, AtomicLong::get)
                .description("Payments the provider has, with no result yet (all replicas)")
                .register(meters);
        queueWait = Timer.builder("onsale.payments.queue.wait")
                .description("From the buyer's request (booking's clock) to the first accepted submission")
                .register(meters);
    }

    void counts(long queuedNow, long inFlightNow) {
        queued.set(queuedNow);
        inFlight.set(inFlightNow);
    }

    void submitted(Instant requestedAt) {
        Duration wait = Duration.between(requestedAt, Instant.now());
        queueWait.record(wait.isNegative() ? Duration.ZERO : wait);
    }
}
