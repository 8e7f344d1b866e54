package dev.onsale.payment.poll;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Status polls of charges the provider accepted but whose result never reached us (a lost webhook): the first
 * {@code after} the submission, then backing off per payment up to {@code max-backoff}.
 *
 * @param after how long after an accepted submission a payment with no result is first polled
 * @param maxBackoff cap of the delay between two polls of one payment (it doubles from after, with jitter)
 * @param interval time between poll passes
 * @param batch most payments one pass polls
 * @param maxInFlight most polls of this replica in flight at once
 * @param lease how long a polled row stays with its replica before another may poll it
 */
@ConfigurationProperties("onsale.poll")
public record PollProperties(
        @DefaultValue("3s") Duration after,
        @DefaultValue("60s") Duration maxBackoff,
        @DefaultValue("1s") Duration interval,
        @DefaultValue("100") int batch,
        @DefaultValue("16") int maxInFlight,
        @DefaultValue("30s") Duration lease) {

    public PollProperties {
        if (batch < 1 || maxInFlight < 1) {
            throw new IllegalArgumentException("onsale.poll batch and max-in-flight must be positive");
        }
    }

    /** The delay before the next poll of a payment polled {@code polls} times without a result. */
    public Duration nextAfter(int polls) {
        int doublings = Math.min(Math.max(polls, 0), 30);
        long nanos = after.toNanos() << doublings;
        return nanos <= 0 || nanos > maxBackoff.toNanos() ? maxBackoff : Duration.ofNanos(nanos);
    }
}
