package dev.onsale.platform.streamrelay;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import redis.clients.jedis.UnifiedJedis;

/**
 * The set of streams the relay discovers ({@code onsale.stream-relay.registry-key}). An appender
 * registers a stream before its first append, so every stream that holds an entry is known to the
 * relay; registering is idempotent and costs one round trip per stream and JVM every {@link #REFRESH}.
 * <p>
 * The registry is one key, so it lives in one slot of a Redis Cluster; it is written outside the
 * appending script, which may only touch keys of the stream's own slot.
 */
public final class StreamRegistry {

    private final UnifiedJedis jedis;
    private final String registryKey;
    /**
     * How long a registration is trusted without telling Redis again: a Redis that lost its data (a restart
     * without persistence, a flush) lost the registry too, and a stream appended to after that must reach the
     * relay again within this long.
     */
    static final Duration REFRESH = Duration.ofSeconds(5);

    private final Map<String, Long> registeredAt = new ConcurrentHashMap<>();

    public StreamRegistry(UnifiedJedis jedis, String registryKey) {
        if (registryKey == null || registryKey.isBlank()) {
            throw new IllegalArgumentException("a stream registry needs onsale.stream-relay.registry-key");
        }
        this.jedis = jedis;
        this.registryKey = registryKey;
    }

    /** Every registered stream, as Redis has them (also those registered by other replicas). */
    public Set<String> streams() {
        return jedis.smembers(registryKey);
    }

    /** Makes {@code stream} known to the relay; call before appending to it. */
    public void register(String stream) {
        long now = System.nanoTime();
        Long at = registeredAt.get(stream);
        if (at != null && now - at < REFRESH.toNanos()) {
            return;
        }
        jedis.sadd(registryKey, stream);
        registeredAt.put(stream, now);
    }
}
