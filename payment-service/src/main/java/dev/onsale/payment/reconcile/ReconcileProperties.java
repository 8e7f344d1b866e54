package dev.onsale.payment.reconcile;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Reconciliation against the acquirer's ledger: the backstop for charges and refunds that no submission answer,
 * webhook or poll made known to us. Every {@code interval} one replica reads the entries of the last
 * {@code lookback} that are at least {@code min-age} old and hands what our records do not reflect yet to
 * Settlement.
 *
 * @param enabled whether this replica makes reconciliation passes at all
 * @param interval time between two passes of a replica; a replica that makes a pass keeps the turn this long, so all
 *     replicas together make about one pass per interval
 * @param lookback how far back a pass looks: ledger entries created earlier are not considered any more
 * @param minAge ledger entries younger than this are left to the submission's answer, the webhook and the poller
 * @param turnKey Redis key of the turn all replicas share (held by the replica making the current pass)
 */
@ConfigurationProperties("onsale.reconcile")
public record ReconcileProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("60s") Duration interval,
        @DefaultValue("24h") Duration lookback,
        @DefaultValue("60s") Duration minAge,
        @DefaultValue("payment:reconcile:turn") String turnKey) {

    public ReconcileProperties {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("onsale.reconcile.interval must be positive, was " + interval);
        }
        if (minAge.isNegative() || lookback.compareTo(minAge) <= 0) {
            throw new IllegalArgumentException(
                    "onsale.reconcile.lookback must be longer than min-age (>= 0), was " + lookback + " and " + minAge);
        }
        if (turnKey == null || turnKey.isBlank()) {
            throw new IllegalArgumentException("onsale.reconcile.turn-key must be set");
        }
    }
}
