package dev.onsale.platform.health;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;
import redis.clients.jedis.UnifiedJedis;

/**
 * Health of the engines a service uses, named {@code kafka} and {@code redis} so that the readiness
 * group of {@code onsale-platform.yml} picks them up.
 */
@AutoConfiguration(
        afterName = {
            "dev.onsale.platform.redis.RedisAutoConfiguration",
            "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration"
        })
@ConditionalOnClass(HealthIndicator.class)
public class HealthAutoConfiguration {

    private static final Duration CHECK_TIMEOUT = Duration.ofSeconds(3);

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(UnifiedJedis.class)
    @ConditionalOnBean(UnifiedJedis.class)
    static class Redis {
        @Bean
        HealthIndicator redisHealthIndicator(UnifiedJedis jedis) {
            return new RedisHealthIndicator(jedis);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(KafkaAdmin.class)
    @ConditionalOnBean(KafkaAdmin.class)
    static class Kafka {
        @Bean
        HealthIndicator kafkaHealthIndicator(KafkaAdmin kafkaAdmin) {
            Map<String, Object> config = new HashMap<>(kafkaAdmin.getConfigurationProperties());
            config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) CHECK_TIMEOUT.toMillis());
            config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) CHECK_TIMEOUT.toMillis());
            return new KafkaHealthIndicator(config, CHECK_TIMEOUT);
        }
    }
}
