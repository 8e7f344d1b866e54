package dev.onsale.platform.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Connection to the Redis of a blocking service.
 *
 * @param url            {@code redis://host:port}; from {@code ONSALE_REDIS_URL}
 * @param maxConnections pool size: the most concurrent Redis calls one replica makes
 * @param timeout        connect and socket timeout of one call
 */
@ConfigurationProperties("onsale.redis")
public record RedisSettings(
        @DefaultValue("redis://localhost:16379") String url,
        @DefaultValue("256") int maxConnections,
        @DefaultValue("2s") Duration timeout) {}
