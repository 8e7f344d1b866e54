package dev.onsale.platform.redis;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Connection to the Redis of a blocking service: one server ({@link #url}), or a Redis Cluster when
 * {@link #clusterNodes} names any node. Credentials and TLS come from {@link #url} in both cases.
 *
 * @param url            {@code redis://[user:password@]host:port} ({@code rediss://} for TLS); from
 *                       {@code ONSALE_REDIS_URL}. With a cluster only its credentials and scheme are used
 * @param clusterNodes   {@code host:port} seed nodes of a Redis Cluster, comma-separated; from
 *                       {@code ONSALE_REDIS_CLUSTER_NODES}. Empty: a single server
 * @param maxConnections pool size: the most concurrent Redis calls one replica makes (per node with a cluster)
 * @param timeout        connect and socket timeout of one call
 */
@ConfigurationProperties("onsale.redis")
public record RedisSettings(
        @DefaultValue("redis://localhost:16379") String url,
        @DefaultValue List<String> clusterNodes,
        @DefaultValue("256") int maxConnections,
        @DefaultValue("2s") Duration timeout) {

    public RedisSettings {
        clusterNodes = clusterNodes.stream()
                .map(String::strip)
                .filter(node -> !node.isEmpty())
                .toList();
    }

    /** Whether the service talks to a Redis Cluster. */
    public boolean cluster() {
        return !clusterNodes.isEmpty();
    }
}
