package dev.onsale.payment.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.platform.testing.RedisServers;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * payment-service's Redis on a real 3-node cluster: reserve_slot.lua through {@link ProviderLimiter} (its one
 * global schedule key), and the per-second error counters of {@link ProviderErrors}, whose read pipelines over 60
 * keys in different slots; each answers as on one server.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void theSendScheduleReservesSlotsApartOnAClusterAsOnOneServer() {
        String key = "payment:provider:schedule:test-" + UUID.randomUUID();

        List<Boolean> onOne = reservations(single, key);
        List<Boolean> onCluster = reservations(cluster, key);

        assertThat(onCluster).isEqualTo(onOne).containsExactly(true, true, false);
    }

    @Test
    void theLastMinuteOfErrorsAddsUpOnAClusterAsOnOneServer() {
        Instant now = Instant.parse("2026-05-01T10:00:00Z")
                .plusSeconds(UUID.randomUUID().hashCode() & 0xffff);

        ProviderErrors.LastMinute onOne = errors(single, now);
        ProviderErrors.LastMinute onCluster = errors(cluster, now);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne.total()).isEqualTo(3);
    }

    /** At 1 tps with 1.5 s of reach: the first two slots are granted (now, +1.05 s), the third is not. */
    private static List<Boolean> reservations(UnifiedJedis redis, String key) {
        ProviderProperties properties = new ProviderProperties(
                URI.create("http://localhost:1"),
                "sk_test",
                1,
                Duration.ofSeconds(2),
                Duration.ofSeconds(1),
                new ProviderProperties.Limiter(0.95, Duration.ofMillis(1500), Duration.ofMillis(20), key),
                new ProviderProperties.Breaker(50, 20, 10, Duration.ofSeconds(5), 3));
        ProviderLimiter limiter = new ProviderLimiter(redis, properties, () -> {});
        return List.of(
                limiter.reserve().granted(),
                limiter.reserve().granted(),
                limiter.reserve().granted());
    }

    private static ProviderErrors.LastMinute errors(UnifiedJedis redis, Instant now) {
        new ProviderErrors(redis, Clock.fixed(now.minusSeconds(30), ZoneOffset.UTC)).record(Outcome.TIMEOUT);
        new ProviderErrors(redis, Clock.fixed(now.minusSeconds(1), ZoneOffset.UTC)).record(Outcome.SERVER_ERROR);
        ProviderErrors current = new ProviderErrors(redis, Clock.fixed(now, ZoneOffset.UTC));
        current.record(Outcome.RATE_LIMITED);
        return current.lastMinute();
    }
}
