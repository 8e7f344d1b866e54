package dev.onsale.benchmarks;

import java.net.URI;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/** The raw engine's Redis client: Jedis, as the services use it, pooling exactly {@code connections} connections. */
final class RawRedis {

    private RawRedis() {}

    /** A pool on {@code redisUrl} ({@code redis://host:port}) with the run's request timeout; the caller closes it. */
    static JedisPooled open(String redisUrl, int connections) {
        URI uri = URI.create(redisUrl);
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(connections);
        pool.setMaxIdle(connections);
        return new JedisPooled(
                pool,
                new HostAndPort(uri.getHost(), uri.getPort()),
                DefaultJedisClientConfig.builder()
                        .socketTimeoutMillis((int) GatewayClient.TIMEOUT.toMillis())
                        .build());
    }
}
