package dev.onsale.payment;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** Readings of the service's own meters. */
public final class Meters {

    private Meters() {}

    /** Provider calls so far to {@code endpoint} (charges, refunds, charge_status) that ended in {@code outcome}. */
    public static double providerCalls(MeterRegistry meters, String endpoint, String outcome) {
        Counter counter = meters.find("onsale.payments.provider.calls")
                .tag("endpoint", endpoint)
                .tag("outcome", outcome)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    /** Provider calls of this instance that hold a breaker permit right now. */
    public static double activeCalls(MeterRegistry meters) {
        return meters.get("onsale.payments.provider.active").gauge().value();
    }
}
