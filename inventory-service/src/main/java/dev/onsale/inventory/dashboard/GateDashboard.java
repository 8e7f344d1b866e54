package dev.onsale.inventory.dashboard;

import dev.onsale.inventory.InventoryKeys;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/**
 * The gate's part of an event's operator dashboard: its counters as they are now, uncached (unlike the buyers'
 * availability). One MGET: the keys share the event's slot, so the four values are one reading.
 */
@Component
public class GateDashboard {

    /**
     * @param available seats that can be held now
     * @param liveHolds holds whose seats may come back
     * @param sold      seats of paid orders
     * @param capacity  seats the event has
     */
    public record SeatsPart(long available, long liveHolds, long sold, long capacity) {}

    private final UnifiedJedis jedis;

    GateDashboard(UnifiedJedis jedis) {
        this.jedis = jedis;
    }

    /** Empty when the gate has no counter for the event (unknown, not yet announced, or lost with Redis). */
    public Optional<SeatsPart> read(UUID eventId) {
        List<String> values = jedis.mget(
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.sold(eventId),
                InventoryKeys.capacity(eventId));
        if (values.get(0) == null) {
            return Optional.empty();
        }
        return Optional.of(new SeatsPart(
                Long.parseLong(values.get(0)), orZero(values.get(1)), orZero(values.get(2)), orZero(values.get(3))));
    }

    private static long orZero(String value) {
        return value == null ? 0 : Long.parseLong(value);
    }
}
