package dev.onsale.inventory;

import java.util.UUID;

/**
 * Every Redis key of one event: {@code inventory:{<eventId>}:<name>}. The hash tag puts all of them
 * in one slot of a Redis Cluster, so one Lua script may touch any of them, and an expired key's
 * name tells whose it was.
 */
public final class InventoryKeys {

    private InventoryKeys() {
    }

    /** Seats that can still be held right now (the gate counter). */
    public static String available(UUID eventId) {
        return key(eventId, "available");
    }

    /** Holds that are live: their seats may come back to {@link #available}. Absent means 0. */
    public static String liveHolds(UUID eventId) {
        return key(eventId, "live-holds");
    }

    /** Seats that exist for the event, as announced by EventCreated. */
    public static String capacity(UUID eventId) {
        return key(eventId, "capacity");
    }

    /** The event's current sale state (a SaleState name). */
    public static String saleState(UUID eventId) {
        return key(eventId, "sale-state");
    }

    /** Inbox: ids of the messages about this event already applied. */
    public static String processed(UUID eventId) {
        return key(eventId, "processed");
    }

    /** Outbox stream of this event, relayed to Kafka. */
    public static String outbox(UUID eventId) {
        return key(eventId, "outbox");
    }

    private static String key(UUID eventId, String name) {
        return "inventory:{" + eventId + "}:" + name;
    }
}
