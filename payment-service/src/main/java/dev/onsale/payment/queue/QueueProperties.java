package dev.onsale.payment.queue;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** The payment queue: how long a payment is tried, how replicas claim work, and how failed calls are retried. */
@ConfigurationProperties("onsale.queue")
public record QueueProperties(
        // From the buyer's request until we stop submitting: then FAILED (provider-unavailable). Booking's
        // onsale.orders.payment-bound should be the same.
        @DefaultValue("5m") Duration paymentBound,
        // How long a claimed row stays with its replica; a replica that dies mid-call delays the row by this much.
        @DefaultValue("20s") Duration lease,
        // Most rows one claim takes (more rows wait longer for their slots within one lease).
        @DefaultValue("10") int claimBatch,
        // Most provider calls of this replica in flight at once.
        @DefaultValue("64") int maxInFlight,
        // How often an idle dispatcher looks for due rows (new local requests wake it at once).
        @DefaultValue("200ms") Duration idleInterval,
        // First retry delay after a timeout, 5xx or connection failure; doubled per failure, full jitter.
        @DefaultValue("200ms") Duration retryInitial,
        // Cap of the retry delay.
        @DefaultValue("10s") Duration retryMax,
        // How soon a row the circuit breaker refused (or the limiter could not pace) is due again.
        @DefaultValue("1s") Duration breakerRetry,
        // Time between give-up passes (which also refresh the queue gauges).
        @DefaultValue("1s") Duration housekeepingInterval,
        // Most payments one give-up transaction fails; a longer backlog is taken by the following ones.
        @DefaultValue("100") int giveUpBatch) {

    public QueueProperties {
        if (claimBatch < 1 || maxInFlight < 1 || giveUpBatch < 1) {
            throw new IllegalArgumentException(
                    "onsale.queue claim-batch, max-in-flight and give-up-batch must be positive");
        }
    }
}
