package dev.onsale.gateway.ratelimit;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Token-bucket limits kept in Redis, so they hold across gateway replicas. How long a request waits
 * for Redis before passing unlimited is {@code spring.data.redis.timeout}.
 *
 * @param sessionBurst       requests one buyer session may send at once
 * @param sessionPerSecond   sustained requests per second of one buyer session
 * @param addressBurst       requests one client address may send at once (backstop; a proxy may carry many buyers)
 * @param addressPerSecond   sustained requests per second of one client address
 * @param keyPrefix          prefix of the bucket keys in Redis
 */
@ConfigurationProperties("onsale.rate-limit")
public record RateLimitProperties(
        @DefaultValue("20") int sessionBurst,
        @DefaultValue("10") double sessionPerSecond,
        @DefaultValue("2000") int addressBurst,
        @DefaultValue("2000") double addressPerSecond,
        @DefaultValue("onsale:gateway:rate:") String keyPrefix) {

    public RateLimitProperties {
        if (sessionBurst < 1 || addressBurst < 1 || sessionPerSecond <= 0 || addressPerSecond <= 0) {
            throw new IllegalArgumentException("rate limits must be positive");
        }
    }
}
