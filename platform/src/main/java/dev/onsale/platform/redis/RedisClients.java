package dev.onsale.platform.redis;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;

/** Builds the service's Redis client from {@link RedisSettings}: the same pool, timeouts, credentials and TLS either way. */
public final class RedisClients {

    private static final int DEFAULT_PORT = 6379;

    private RedisClients() {}

    /** A pool to the one server of {@link RedisSettings#url()}. */
    public static JedisPooled single(RedisSettings settings) {
        URI uri = URI.create(settings.url());
        int port = uri.getPort() > 0 ? uri.getPort() : DEFAULT_PORT;
        return new JedisPooled(pool(settings), new HostAndPort(uri.getHost(), port), clientConfig(settings));
    }

    /** A cluster-aware client seeded with {@link RedisSettings#clusterNodes()}: a pool per node, keys routed by slot. */
    public static JedisCluster cluster(RedisSettings settings) {
        return new JedisCluster(seeds(settings), clientConfig(settings), pool(settings));
    }

    /** How one connection authenticates and times out, from the URL's user info and scheme. */
    public static JedisClientConfig clientConfig(RedisSettings settings) {
        return clientConfig(settings, settings.timeout());
    }

    /** As {@link #clientConfig(RedisSettings)}, with another socket timeout ({@code 0}: none, for a subscriber). */
    public static JedisClientConfig clientConfig(RedisSettings settings, Duration socketTimeout) {
        URI uri = URI.create(settings.url());
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) settings.timeout().toMillis())
                .socketTimeoutMillis((int) socketTimeout.toMillis())
                .ssl("rediss".equals(uri.getScheme()));
        if (uri.getUserInfo() != null) {
            String[] credentials = uri.getUserInfo().split(":", 2);
            if (credentials.length == 2) {
                client.user(credentials[0].isEmpty() ? null : credentials[0]).password(credentials[1]);
            } else {
                client.password(credentials[0]);
            }
        }
        return client.build();
    }

    static Set<HostAndPort> seeds(RedisSettings settings) {
        Set<HostAndPort> seeds = new LinkedHashSet<>();
        for (String node : settings.clusterNodes()) {
            int colon = node.lastIndexOf(':');
            if (colon <= 0 || colon == node.length() - 1) {
                throw new IllegalArgumentException("onsale.redis.cluster-nodes: '" + node + "' is not host:port");
            }
            seeds.add(new HostAndPort(node.substring(0, colon), Integer.parseInt(node.substring(colon + 1))));
        }
        return seeds;
    }

    private static ConnectionPoolConfig pool(RedisSettings settings) {
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(settings.maxConnections());
        pool.setMaxIdle(settings.maxConnections());
        pool.setMaxWait(settings.timeout());
        return pool;
    }
}
