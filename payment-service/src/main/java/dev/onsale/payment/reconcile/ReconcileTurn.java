package dev.onsale.payment.reconcile;

import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * The turn to make a pass, shared by all replicas in Redis ({@code SET NX PX}): whoever takes it keeps it for one
 * interval and lets it expire, so all replicas together make about one pass per interval. Only an economy: every
 * effect of a pass goes through Settlement, which is idempotent and locks the row, so two passes at once (a pass
 * longer than its interval, or Redis unable to tell) change nothing twice.
 */
@Component
class ReconcileTurn {

    private static final Logger log = LoggerFactory.getLogger(ReconcileTurn.class);

    private final UnifiedJedis redis;
    private final String key;
    private final long holdMillis;
    private final String holder = "replica-" + UUID.randomUUID();

    ReconcileTurn(UnifiedJedis redis, ReconcileProperties properties) {
        this.redis = redis;
        this.key = properties.turnKey();
        this.holdMillis = properties.interval().toMillis();
    }

    /** True if this replica is to make a pass now: it took the turn, or Redis did not answer (then every replica may). */
    boolean take() {
        try {
            return "OK".equals(redis.set(key, holder, SetParams.setParams().nx().px(holdMillis)));
        } catch (JedisException e) {
            log.warn("Reconciliation turn unknown (Redis: {}); passing anyway, a pass is idempotent", e.getMessage());
            return true;
        }
    }
}
