package dev.onsale.payment.queue;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The payment queue: how long a payment is tried, how replicas claim work, and how failed calls are retried.
 *
 * @param paymentBound from the buyer's request until we stop submitting: then FAILED (provider-unavailable).
 *     Booking's onsale.orders.payment-bound should be the same
 * @param lease how long a claimed row stays with its replica; a replica that dies mid-call delays the row by this
 *     much
 * @param claimBatch most rows one claim takes (more rows wait longer for their slots within one lease)
 * @param maxInFlight most provider calls of this replica in flight at once
 * @param idleInterval how often an idle dispatcher looks for due rows (new local requests wake it at once)
 * @param retryInitial first retry delay after a timeout, 5xx or connection failure; doubled per failure, full jitter
 * @param retryMax cap of the retry delay
 * @param breakerRetry how soon a row the circuit breaker refused (or the limiter could not pace) is due again
 * @param housekeepingInterval time between give-up passes (which also refresh the queue gauges)
 * @param giveUpBatch most payments one give-up transaction fails; a longer backlog is taken by the following ones
 */
@ConfigurationProperties("onsale.queue")
public record QueueProperties(
        @DefaultValue("5m") Duration paymentBound,
        @DefaultValue("20s") Duration lease,
        @DefaultValue("10") int claimBatch,
        @DefaultValue("64") int maxInFlight,
        @DefaultValue("200ms") Duration idleInterval,
        @DefaultValue("200ms") Duration retryInitial,
        @DefaultValue("10s") Duration retryMax,
        @DefaultValue("1s") Duration breakerRetry,
        @DefaultValue("1s") Duration housekeepingInterval,
        @DefaultValue("100") int giveUpBatch) {

    public QueueProperties {
        if (claimBatch < 1 || maxInFlight < 1 || giveUpBatch < 1) {
            throw new IllegalArgumentException(
                    "onsale.queue claim-batch, max-in-flight and give-up-batch must be positive");
        }
    }
}
