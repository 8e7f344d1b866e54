package dev.onsale.payment.reconcile;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Reconciliation against the acquirer's ledger: the backstop for charges and refunds that no submission answer,
 * webhook or poll made known to us. Every {@code interval} one replica reads the entries of the last
 * {@code lookback} that are at least {@code min-age} old and hands what our records do not reflect yet to
 * Settlement.
 */
@ConfigurationProperties("onsale.reconcile")
public record ReconcileProperties(
        // Whether this replica makes reconciliation passes at all.
        @DefaultValue("true") boolean enabled,
        // Time between two passes of a replica; a replica that makes a pass keeps the turn this long, so all
        // replicas together make about one pass per interval.
        @DefaultValue("60s") Duration interval,
        // How far back a pass looks: ledger entries created earlier are not considered any more.
        @DefaultValue("24h") Duration lookback,
        // Ledger entries younger than this are left to the submission's answer, the webhook and the poller.
        @DefaultValue("60s") Duration minAge,
        // Redis key of the turn all replicas share (held by the replica making the current pass).
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
