package dev.onsale.gateway.redis;

import java.net.URI;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisPassword;

/**
 * With {@code onsale.redis.cluster-nodes} set, the gateway's Lettuce connection is cluster-aware: Spring Boot's
 * Redis auto-configuration builds its connection factory from this {@link RedisClusterConfiguration} (with the
 * timeouts, pool and TLS of {@code spring.data.redis.*} as before). Credentials come from the user info of
 * {@code spring.data.redis.url}, as with a single server. Without the setting nothing here exists and the single
 * server of {@code spring.data.redis.url} is used, as before.
 */
@Configuration(proxyBeanMethods = false)
class RedisClusterConfig {

    @Bean
    @ConditionalOnExpression("!'${onsale.redis.cluster-nodes:}'.isBlank()")
    RedisClusterConfiguration redisClusterConfiguration(RedisClusterSettings settings, Environment environment) {
        RedisClusterConfiguration cluster = new RedisClusterConfiguration(settings.clusterNodes());
        String url = environment.getProperty("spring.data.redis.url");
        String userInfo = url == null ? null : URI.create(url).getUserInfo();
        if (userInfo != null) {
            String[] credentials = userInfo.split(":", 2);
            if (credentials.length == 2) {
                if (!credentials[0].isEmpty()) {
                    cluster.setUsername(credentials[0]);
                }
                cluster.setPassword(RedisPassword.of(credentials[1]));
            } else {
                cluster.setPassword(RedisPassword.of(credentials[0]));
            }
        }
        return cluster;
    }
}
