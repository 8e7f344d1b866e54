package dev.onsale.platform.redis;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * The Redis client of a service that keeps state in Redis, injected as {@link UnifiedJedis}: a {@link JedisCluster}
 * when {@code onsale.redis.cluster-nodes} names any node, else a {@link JedisPooled} to {@code onsale.redis.url}.
 * Code that uses it must stay cluster-safe: every command and script on keys of one slot (the README's "Redis
 * Cluster" says where each key lives).
 */
@AutoConfiguration
@ConditionalOnClass(UnifiedJedis.class)
@EnableConfigurationProperties(RedisSettings.class)
public class RedisAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(UnifiedJedis.class)
    @Conditional(OnSingleServer.class)
    JedisPooled jedisPooled(RedisSettings settings) {
        return RedisClients.single(settings);
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(UnifiedJedis.class)
    @Conditional(OnCluster.class)
    JedisCluster jedisCluster(RedisSettings settings) {
        return RedisClients.cluster(settings);
    }

    /** {@code onsale.redis.cluster-nodes} names at least one node (an empty value is no cluster). */
    static final class OnCluster extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            boolean cluster = Binder.get(context.getEnvironment())
                    .bind("onsale.redis.cluster-nodes", Bindable.listOf(String.class))
                    .map(nodes -> nodes.stream().anyMatch(node -> !node.isBlank()))
                    .orElse(false);
            return new ConditionOutcome(
                    cluster, "onsale.redis.cluster-nodes " + (cluster ? "names a cluster" : "is empty"));
        }
    }

    /** The negation of {@link OnCluster}. */
    static final class OnSingleServer extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            ConditionOutcome cluster = new OnCluster().getMatchOutcome(context, metadata);
            return new ConditionOutcome(!cluster.isMatch(), cluster.getMessage());
        }
    }
}
