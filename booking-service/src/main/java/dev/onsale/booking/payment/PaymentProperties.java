package dev.onsale.booking.payment;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Buyers' payment requests: how long their idempotency records are honoured and how they are purged.
 *
 * @param idempotencyTtl how long an Idempotency-Key is honoured; the contract promises at least 24 h
 * @param cleanupEnabled whether this replica purges records older than idempotency-ttl (any number may; they skip
 *     each other's rows)
 * @param cleanupInterval time between the end of one purge pass and the start of the next
 * @param cleanupBatchSize most records one purge transaction deletes; a longer backlog is taken by the following
 *     transactions
 */
@ConfigurationProperties("onsale.payments")
public record PaymentProperties(
        @DefaultValue("24h") Duration idempotencyTtl,
        @DefaultValue("true") boolean cleanupEnabled,
        @DefaultValue("10m") Duration cleanupInterval,
        @DefaultValue("1000") int cleanupBatchSize) {

    /** The contract's floor for {@code idempotency-ttl}. */
    static final Duration MINIMUM_TTL = Duration.ofHours(24);

    public PaymentProperties {
        if (idempotencyTtl.compareTo(MINIMUM_TTL) < 0) {
            throw new IllegalArgumentException(
                    "onsale.payments.idempotency-ttl must be at least 24h, was " + idempotencyTtl);
        }
        if (cleanupBatchSize < 1) {
            throw new IllegalArgumentException("onsale.payments.cleanup-batch-size must be positive");
        }
    }
}
