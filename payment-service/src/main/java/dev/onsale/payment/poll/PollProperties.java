package dev.onsale.payment.poll;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Status polls of charges the provider accepted but whose result never reached us (a lost webhook): the first
 * {@code after} the submission, then backing off per payment up to {@code max-backoff}.
 */
@ConfigurationProperties("onsale.poll")
public record PollProperties(
        // How long after an accepted submission a payment with no result is first polled.
        @DefaultValue("3s") Duration after,
        // Cap of the delay between two polls of one payment (it doubles from after, with jitter).
        @DefaultValue("60s") Duration maxBackoff,
        // Time between poll passes.
        @DefaultValue("1s") Duration interval,
        // Most payments one pass polls.
        @DefaultValue("100") int batch,
        // Most polls of this replica in flight at once.
        @DefaultValue("16") int maxInFlight,
        // How long a polled row stays with its replica before another may poll it.
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
