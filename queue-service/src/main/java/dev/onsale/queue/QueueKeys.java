package dev.onsale.queue;

import java.util.UUID;

/**
 * Every Redis key of one event's waiting room: {@code queue:{<eventId>}:<name>}. The hash tag puts
 * them in one slot of a Redis Cluster, so one Lua script may touch any of them.
 */
public final class QueueKeys {

    private QueueKeys() {
    }

    /** Hash of what the waiting room knows about the event: saleOpensAt, saleState, capacity. */
    public static String event(UUID eventId) {
        return key(eventId, "event");
    }

    /** Inbox: ids of the messages about this event already applied. */
    public static String processed(UUID eventId) {
        return key(eventId, "processed");
    }

    private static String key(UUID eventId, String name) {
        return "queue:{" + eventId + "}:" + name;
    }
}
