package dev.onsale.gateway.ratelimit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Token-bucket limits kept in Redis, so they hold across gateway replicas, with an in-memory pre-check
 * per replica that answers obvious floods without Redis. How long a request waits for Redis before
 * passing unlimited is {@code spring.data.redis.timeout}, whether or not the client's own timeout fires.
 *
 * @param sessionBurst       requests one buyer session may send at once
 * @param sessionPerSecond   sustained requests per second of one buyer session
 * @param addressBurst       requests one client address may send at once (backstop; a proxy may carry many buyers)
 * @param addressPerSecond   sustained requests per second of one client address
 * @param keyPrefix          prefix of the bucket keys in Redis
 * @param localBurstFactor   the local pre-check holds this many times the session burst (at least 1, so
 *                           it never refuses what the shared limit allows)
 * @param localMaxSessions   most sessions pre-checked locally at once; further sessions go to Redis only
 * @param localSweepInterval how often local buckets that have refilled to the brim are dropped
 */
@ConfigurationProperties("onsale.rate-limit")
public record RateLimitProperties(
        @DefaultValue("20") int sessionBurst,
        @DefaultValue("10") double sessionPerSecond,
        @DefaultValue("2000") int addressBurst,
        @DefaultValue("2000") double addressPerSecond,
        @DefaultValue("onsale:gateway:rate:") String keyPrefix,
        @DefaultValue("2") double localBurstFactor,
        @DefaultValue("100000") int localMaxSessions,
        @DefaultValue("10s") Duration localSweepInterval) {

    public RateLimitProperties {
        if (sessionBurst < 1 || addressBurst < 1 || sessionPerSecond <= 0 || addressPerSecond <= 0) {
            throw new IllegalArgumentException("rate limits must be positive");
        }
        if (localBurstFactor < 1 || localMaxSessions < 0 || localSweepInterval.isNegative()) {
            throw new IllegalArgumentException("onsale.rate-limit.local-burst-factor must be at least 1, "
                    + "local-max-sessions and local-sweep-interval not negative");
        }
    }
}
