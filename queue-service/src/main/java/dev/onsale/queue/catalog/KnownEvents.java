package dev.onsale.queue.catalog;

import dev.onsale.queue.QueueKeys;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/** The events the waiting room has heard of, shared by all replicas ({@link QueueKeys#registry()}). */
@Component
public class KnownEvents {

    private final UnifiedJedis jedis;

    KnownEvents(UnifiedJedis jedis) {
        this.jedis = jedis;
    }

    void add(UUID eventId) {
        jedis.sadd(QueueKeys.registry(), eventId.toString());
    }

    public List<UUID> all() {
        return jedis.smembers(QueueKeys.registry()).stream()
                .map(UUID::fromString)
                .toList();
    }
}
