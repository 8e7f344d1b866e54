package dev.onsale.platform.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.RedisClusterEngine;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

class RedisAutoConfigurationTest {

    private final ApplicationContextRunner contexts =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedisAutoConfiguration.class));

    @Test
    void withClusterNodesTheServiceGetsAClusterClient() {
        contexts.withPropertyValues("onsale.redis.cluster-nodes="
                        + RedisClusterEngine.forTests().nodes())
                .run(context -> {
                    assertThat(context).hasSingleBean(UnifiedJedis.class).hasSingleBean(JedisCluster.class);
                    assertThat(context).doesNotHaveBean(JedisPooled.class);
                    assertThat(context.getBean(UnifiedJedis.class).ping()).isEqualTo("PONG");
                });
    }

    @Test
    void withoutClusterNodesTheServiceGetsAPoolToOneServer() {
        contexts.run(context -> {
            assertThat(context).hasSingleBean(UnifiedJedis.class).hasSingleBean(JedisPooled.class);
            assertThat(context).doesNotHaveBean(JedisCluster.class);
        });
    }

    @Test
    void anEmptyClusterNodesSettingIsNoCluster() {
        contexts.withPropertyValues("onsale.redis.cluster-nodes= , ")
                .run(context ->
                        assertThat(context).hasSingleBean(JedisPooled.class).doesNotHaveBean(JedisCluster.class));
    }
}
