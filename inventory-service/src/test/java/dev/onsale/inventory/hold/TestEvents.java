package dev.onsale.inventory.hold;

import dev.onsale.inventory.InventoryKeys;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import redis.clients.jedis.UnifiedJedis;

/** Sets up an event's gate in Redis as EventCreated + SaleStateChanged(OPEN) would, and reads it back. */
public final class TestEvents {

    static final int SEATS_PER_ROW = 100;

    private TestEvents() {}

    static UUID open(UnifiedJedis jedis, int capacity, int maxPerOrder) {
        return openWith(jedis, UUID.randomUUID(), capacity, maxPerOrder);
    }

    /** As {@link #open}, for a given event id (the same event on two servers). */
    static UUID openWith(UnifiedJedis jedis, UUID eventId, int capacity, int maxPerOrder) {
        jedis.set(InventoryKeys.available(eventId), Integer.toString(capacity));
        jedis.set(InventoryKeys.capacity(eventId), Integer.toString(capacity));
        jedis.set(InventoryKeys.saleState(eventId), "OPEN");
        jedis.hset(
                InventoryKeys.settings(eventId),
                Map.of("maxPerOrder", Integer.toString(maxPerOrder), "holdTtlSeconds", "600"));
        return eventId;
    }

    /** Seat ids {@code A-<row>-<seat>}, {@value #SEATS_PER_ROW} per row, in row order. */
    static List<String> seats(int capacity) {
        List<String> seats = new ArrayList<>(capacity);
        for (int i = 0; i < capacity; i++) {
            seats.add("A-" + (i / SEATS_PER_ROW + 1) + "-" + (i % SEATS_PER_ROW + 1));
        }
        return seats;
    }

    static long available(UnifiedJedis jedis, UUID eventId) {
        return Long.parseLong(jedis.get(InventoryKeys.available(eventId)));
    }

    static long liveHolds(UnifiedJedis jedis, UUID eventId) {
        String value = jedis.get(InventoryKeys.liveHolds(eventId));
        return value == null ? 0 : Long.parseLong(value);
    }

    static long sold(UnifiedJedis jedis, UUID eventId) {
        String value = jedis.get(InventoryKeys.sold(eventId));
        return value == null ? 0 : Long.parseLong(value);
    }

    /** Hold settings for a Gate under test: short waits, timer notifications off. */
    public static HoldsProperties holdsProperties() {
        return new HoldsProperties(
                Duration.ofSeconds(5),
                Duration.ofSeconds(2),
                Duration.ofSeconds(10),
                Duration.ofHours(24),
                Duration.ofHours(1),
                16,
                8,
                "inventory-replies-",
                new HoldsProperties.TimerNotifications(false, Duration.ofSeconds(1)),
                Duration.ofSeconds(1),
                Duration.ofMinutes(5),
                Duration.ofSeconds(60),
                Duration.ofSeconds(5),
                Duration.ofSeconds(1),
                Duration.ofMinutes(5));
    }
}
