package dev.onsale.payment.provider;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/** Meters of this replica's calls to the acquirer, and the errors of the last minute all replicas share. */
final class ProviderMetrics {

    private final MeterRegistry meters;
    private final AtomicInteger active = new AtomicInteger();
    private final Counter slotsMissed;
    private final ProviderErrors errors;

    ProviderMetrics(MeterRegistry meters, CircuitBreaker breaker, ProviderErrors errors) {
        this.meters = meters;
        this.errors = errors;
        Gauge.builder("onsale.payments.provider.active", active, AtomicInteger::get)
                .description(
                        "Provider calls of this replica holding a breaker permission: waiting for a slot or on the wire")
                .register(meters);
        for (CircuitBreaker.State state : new CircuitBreaker.State[] {
            CircuitBreaker.State.CLOSED, CircuitBreaker.State.OPEN, CircuitBreaker.State.HALF_OPEN
        }) {
            Gauge.builder("onsale.payments.provider.breaker.state", breaker, b -> b.getState() == state ? 1 : 0)
                    .description("1 for the state the provider circuit breaker of this replica is in, 0 for the others")
                    .tag("state", state.name().toLowerCase())
                    .register(meters);
        }
        slotsMissed = Counter.builder("onsale.payments.provider.slots.missed")
                .description("Rate-limiter slots abandoned because this replica woke up too late for them")
                .register(meters);
    }

    void called(Endpoint endpoint, Outcome outcome, Duration took) {
        Counter.builder("onsale.payments.provider.calls")
                .description("Provider calls by endpoint and outcome (breaker_open: not made)")
                .tag("endpoint", endpoint.tag())
                .tag("outcome", outcome.tag())
                .register(meters)
                .increment();
        errors.record(outcome);
        if (took != null) {
            Timer.builder("onsale.payments.provider.latency")
                    .description("Time from sending a provider call to its answer (or giving up on it)")
                    .tag("endpoint", endpoint.tag())
                    .register(meters)
                    .record(took);
        }
    }

    void permitted() {
        active.incrementAndGet();
    }

    void finished() {
        active.decrementAndGet();
    }

    void slotMissed() {
        slotsMissed.increment();
    }
}
