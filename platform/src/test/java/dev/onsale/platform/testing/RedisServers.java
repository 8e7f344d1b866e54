package dev.onsale.platform.testing;

import dev.onsale.engines.LoneRedisServer;
import dev.onsale.engines.RedisClusterEngine;
import dev.onsale.platform.redis.RedisClients;
import dev.onsale.platform.redis.RedisSettings;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;

/**
 * The two Redis a cluster test compares a script's answers on: one plain server, and a real 3-master cluster
 * with a client made as the services make theirs ({@link RedisClients#cluster}). Both are started once per test
 * JVM, on first use; their clients live as long as the JVM.
 */
public final class RedisServers {

    private static JedisPooled single;
    private static JedisCluster cluster;

    private RedisServers() {}

    public static synchronized JedisPooled single() {
        if (single == null) {
            single = new JedisPooled(URI.create(LoneRedisServer.forTests().url()));
        }
        return single;
    }

    public static synchronized JedisCluster cluster() {
        if (cluster == null) {
            cluster = RedisClients.cluster(new RedisSettings(
                    "redis://localhost",
                    List.of(RedisClusterEngine.forTests().nodes().split(",")),
                    8,
                    Duration.ofSeconds(2)));
        }
        return cluster;
    }
}
