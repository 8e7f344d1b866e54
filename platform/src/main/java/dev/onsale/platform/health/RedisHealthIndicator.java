package dev.onsale.platform.health;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import redis.clients.jedis.UnifiedJedis;

/** Redis answers PING through the service's own pool. */
final class RedisHealthIndicator extends AbstractHealthIndicator {

    private final UnifiedJedis jedis;

    RedisHealthIndicator(UnifiedJedis jedis) {
        super("Redis is unreachable");
        this.jedis = jedis;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        String pong = jedis.ping();
        builder.status(
                "PONG".equals(pong)
                        ? org.springframework.boot.health.contributor.Status.UP
                        : org.springframework.boot.health.contributor.Status.DOWN);
    }
}
