package dev.onsale.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.LoneRedisServer;
import dev.onsale.engines.RedisClusterEngine;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

/**
 * take_tokens.lua and give_back.lua through {@link TokenBuckets}, with the keys it builds, on a real 3-node Redis
 * Cluster (each bucket in its own slot, taken from on its own) give the verdicts one server gives (both buckets in
 * one script call): the same sequence allowed, refused, and by which bucket, and a refusal takes nothing.
 */
class ClusterScriptsTest {

    private static LettuceConnectionFactory single;
    private static LettuceConnectionFactory cluster;

    @BeforeAll
    static void connect() {
        URI uri = URI.create(LoneRedisServer.forTests().url());
        single = new LettuceConnectionFactory(new RedisStandaloneConfiguration(uri.getHost(), uri.getPort()));
        cluster = new LettuceConnectionFactory(new RedisClusterConfiguration(
                List.of(RedisClusterEngine.forTests().nodes().split(","))));
        for (LettuceConnectionFactory factory : List.of(single, cluster)) {
            factory.afterPropertiesSet();
            factory.start();
        }
    }

    @AfterAll
    static void disconnect() {
        single.destroy();
        cluster.destroy();
    }

    @Test
    void aBuyersTwoBucketsGiveTheSameVerdictsOnAClusterAsOnOneServer() {
        String prefix = "test:" + UUID.randomUUID() + ":";
        List<String> onOne = verdicts(new TokenBuckets(new ReactiveStringRedisTemplate(single), limits(prefix), false));
        List<String> onCluster =
                verdicts(new TokenBuckets(new ReactiveStringRedisTemplate(cluster), limits(prefix), true));

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne)
                .containsExactly(
                        "true:none",
                        "true:none",
                        "false:session",
                        "false:session",
                        "true:none",
                        "true:none",
                        "true:none",
                        "false:address",
                        "false:address");
    }

    /** Session burst 2, address burst 5, both refilling too slowly to matter within the test. */
    private static List<String> verdicts(TokenBuckets buckets) {
        Optional<UUID> session = Optional.of(UUID.fromString("00000000-0000-0000-0000-0000000000a1"));
        Optional<UUID> another = Optional.of(UUID.fromString("00000000-0000-0000-0000-0000000000a2"));
        List<String> verdicts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            verdicts.add(take(buckets, session));
        }
        // the two session refusals took nothing from the address: 3 of its 5 are left
        verdicts.add(take(buckets, Optional.empty()));
        verdicts.add(take(buckets, another));
        verdicts.add(take(buckets, Optional.empty()));
        // the address is spent: refused for it, and the fresh session's bucket is given its token back
        verdicts.add(take(buckets, another));
        verdicts.add(take(buckets, Optional.empty()));
        return verdicts;
    }

    private static String take(TokenBuckets buckets, Optional<UUID> session) {
        TokenBuckets.Verdict verdict = buckets.take("203.0.113.7", session).block(Duration.ofSeconds(5));
        return verdict.allowed() + ":" + verdict.refusedBy();
    }

    private static RateLimitProperties limits(String prefix) {
        return new RateLimitProperties(2, 0.001, 5, 0.001, prefix, 2, 100_000, Duration.ofSeconds(10));
    }
}
