package dev.onsale.inventory.availability;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.onsale.inventory.InventoryKeys;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/**
 * Reads an event's availability from its counters, each answer reused for at most
 * {@code cache-ttl}: a burst of buyers polling one event costs Redis one read per replica and
 * interval. An unknown event (no counter) is cached the same way.
 */
@Component
public class AvailabilityReader {

    private final UnifiedJedis jedis;
    private final Cache<UUID, Optional<Availability>> cache;

    AvailabilityReader(UnifiedJedis jedis, AvailabilityProperties properties) {
        this.jedis = jedis;
        this.cache = Caffeine.newBuilder()
                .expireAfterWrite(properties.cacheTtl())
                .maximumSize(properties.cacheEvents())
                .build();
    }

    /** Empty if the event has no counter (unknown, or not yet announced to inventory). */
    public Optional<Availability> read(UUID eventId) {
        return cache.get(eventId, this::readFromRedis);
    }

    private Optional<Availability> readFromRedis(UUID eventId) {
        List<String> values = jedis.mget(InventoryKeys.available(eventId), InventoryKeys.liveHolds(eventId));
        if (values.get(0) == null) {
            return Optional.empty();
        }
        long liveHolds = values.get(1) == null ? 0 : Long.parseLong(values.get(1));
        return Optional.of(Availability.of(Long.parseLong(values.get(0)), liveHolds));
    }
}
