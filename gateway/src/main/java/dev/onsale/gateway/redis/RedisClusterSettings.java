package dev.onsale.gateway.redis;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The Redis Cluster the gateway's rate limits live in, if any: the same setting as the services'.
 *
 * @param clusterNodes {@code host:port} seed nodes, comma-separated; from {@code ONSALE_REDIS_CLUSTER_NODES}.
 *                     Empty: the one server of {@code spring.data.redis.url}
 */
@ConfigurationProperties("onsale.redis")
record RedisClusterSettings(@DefaultValue List<String> clusterNodes) {

    RedisClusterSettings {
        clusterNodes = clusterNodes.stream()
                .map(String::strip)
                .filter(node -> !node.isEmpty())
                .toList();
    }
}
