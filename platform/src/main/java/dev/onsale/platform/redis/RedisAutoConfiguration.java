package dev.onsale.platform.redis;

import java.net.URI;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/** A pooled Jedis client for services that keep state in Redis. */
@AutoConfiguration
@ConditionalOnClass(JedisPooled.class)
@EnableConfigurationProperties(RedisSettings.class)
public class RedisAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    JedisPooled jedisPooled(RedisSettings settings) {
        URI uri = URI.create(settings.url());
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(settings.maxConnections());
        pool.setMaxIdle(settings.maxConnections());
        pool.setMaxWait(settings.timeout());
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) settings.timeout().toMillis())
                .socketTimeoutMillis((int) settings.timeout().toMillis())
                .ssl("rediss".equals(uri.getScheme()));
        if (uri.getUserInfo() != null) {
            String[] credentials = uri.getUserInfo().split(":", 2);
            if (credentials.length == 2) {
                client.user(credentials[0].isEmpty() ? null : credentials[0]).password(credentials[1]);
            } else {
                client.password(credentials[0]);
            }
        }
        int port = uri.getPort() > 0 ? uri.getPort() : 6379;
        return new JedisPooled(pool, new HostAndPort(uri.getHost(), port), client.build());
    }
}
