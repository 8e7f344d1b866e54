package dev.onsale.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;

@ExtendWith(EmbeddedEnginesExtension.class)
class TokenBucketsIT {

    private LettuceConnectionFactory connections;
    private ReactiveStringRedisTemplate redis;
    private final String address = "203.0.113." + UUID.randomUUID();

    @BeforeEach
    void connect(Engines engines) {
        URI uri = URI.create(engines.redisUrl());
        connections = new LettuceConnectionFactory(new RedisStandaloneConfiguration(uri.getHost(), uri.getPort()));
        connections.afterPropertiesSet();
        connections.start();
        redis = new ReactiveStringRedisTemplate(connections);
    }

    @AfterEach
    void disconnect() {
        connections.destroy();
    }

    @Test
    void theAddressBackstopRefusesOnceItsBurstIsSpentAndSaysWhenToRetry() {
        TokenBuckets buckets = buckets(3, 1, 5, 1);
        for (int i = 0; i < 5; i++) {
            assertThat(take(buckets, Optional.empty()).allowed()).isTrue();
        }
        TokenBuckets.Verdict refused = take(buckets, Optional.empty());
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.refusedBy()).isEqualTo("address");
        assertThat(refused.retryAfter()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void aRequestRefusedForItsSessionTakesNothingFromTheAddress() {
        TokenBuckets buckets = buckets(2, 0.001, 5, 0.001);
        Optional<UUID> session = Optional.of(UUID.randomUUID());
        assertThat(take(buckets, session).allowed()).isTrue();
        assertThat(take(buckets, session).allowed()).isTrue();
        for (int i = 0; i < 3; i++) {
            TokenBuckets.Verdict refused = take(buckets, session);
            assertThat(refused.allowed()).isFalse();
            assertThat(refused.refusedBy()).isEqualTo("session");
        }
        for (int i = 0; i < 3; i++) {
            assertThat(take(buckets, Optional.empty()).allowed()).isTrue();
        }
        assertThat(take(buckets, Optional.empty()).refusedBy()).isEqualTo("address");
    }

    @Test
    void aSpentSessionBucketRefillsAtItsRate() {
        // 2 per second: the second take must come within 500 ms of the first to find the bucket empty (at 20 per
        // second, 50 ms, a loaded machine sometimes took longer and found a token already refilled)
        TokenBuckets buckets = buckets(1, 2, 1000, 1000);
        Optional<UUID> session = Optional.of(UUID.randomUUID());
        assertThat(take(buckets, session).allowed()).isTrue();
        assertThat(take(buckets, session).allowed()).isFalse();
        await().atMost(Duration.ofSeconds(3)).until(() -> take(buckets, session).allowed());
    }

    private TokenBuckets buckets(int sessionBurst, double sessionRate, int addressBurst, double addressRate) {
        return new TokenBuckets(
                redis,
                new RateLimitProperties(
                        sessionBurst,
                        sessionRate,
                        addressBurst,
                        addressRate,
                        "test:" + UUID.randomUUID() + ":",
                        2,
                        100_000,
                        Duration.ofSeconds(10)),
                false);
    }

    private TokenBuckets.Verdict take(TokenBuckets buckets, Optional<UUID> session) {
        return buckets.take(address, session).block(Duration.ofSeconds(5));
    }
}
