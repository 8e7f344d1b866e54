package dev.onsale.platform.streamrelay;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis-stream outbox relay ({@code onsale.stream-relay.enabled=true}) and the registry its
 * appenders write to ({@code onsale.stream-relay.registry-key} set), for services that have both a
 * {@link UnifiedJedis} and a Kafka template.
 */
@AutoConfiguration(
        afterName = {
            "dev.onsale.platform.redis.RedisAutoConfiguration",
            "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration"
        })
@ConditionalOnClass({UnifiedJedis.class, KafkaTemplate.class})
@EnableConfigurationProperties(StreamRelayProperties.class)
public class StreamRelayAutoConfiguration {

    @Bean
    @ConditionalOnBean(UnifiedJedis.class)
    @ConditionalOnExpression("!'${onsale.stream-relay.registry-key:}'.isEmpty()")
    StreamRegistry streamRegistry(UnifiedJedis jedis, StreamRelayProperties properties) {
        return new StreamRegistry(jedis, properties.registryKey());
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnProperty(prefix = "onsale.stream-relay", name = "enabled", havingValue = "true")
    @ConditionalOnBean({UnifiedJedis.class, KafkaTemplate.class})
    static class Relay {

        @Bean
        StreamRelay streamRelay(
                UnifiedJedis jedis, KafkaTemplate<String, String> kafka, StreamRelayProperties properties) {
            return new StreamRelay(jedis, kafka, properties);
        }

        @Bean
        StreamRelayRunner streamRelayRunner(StreamRelay relay, StreamRelayProperties properties) {
            return new StreamRelayRunner(relay, properties);
        }

        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(HealthIndicator.class)
        static class Health {

            @Bean
            HealthIndicator streamRelayHealthIndicator(StreamRelayRunner runner) {
                return new StreamRelayHealthIndicator(runner);
            }
        }
    }
}
