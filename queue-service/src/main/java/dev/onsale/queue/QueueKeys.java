package dev.onsale.queue;

import java.util.UUID;

/**
 * Every Redis key of one event's waiting room: {@code queue:{<eventId>}:<name>}. The hash tag puts
 * them in one slot of a Redis Cluster, so one Lua script may touch any of them. The one key outside
 * an event's slot is the {@link #registry()} of known events, only ever touched by single commands.
 */
public final class QueueKeys {

    private QueueKeys() {}

    /** Set of the ids of every event the waiting room has heard of (the scheduler's work list). */
    public static String registry() {
        return "queue:events";
    }

    /** Hash of what the waiting room knows about the event: saleOpensAt, saleState, capacity. */
    public static String event(UUID eventId) {
        return key(eventId, "event");
    }

    /** Inbox: ids of the messages about this event already applied (catalog, orders, inventory). */
    public static String processed(UUID eventId) {
        return key(eventId, "processed");
    }

    /** Sorted set of sessions that joined before the opening (score: arrival sequence; order unused). */
    public static String preQueue(UUID eventId) {
        return key(eventId, "pre");
    }

    /** Sorted set of waiting sessions; the lowest score is at the head of the line. */
    public static String line(UUID eventId) {
        return key(eventId, "line");
    }

    /** Arrival sequence (INCR): the score of each join after the opening. */
    public static String sequence(UUID eventId) {
        return key(eventId, "seq");
    }

    /** Hash recording the opening: state (sealed, open), seed, sealedAt, count, openedAt. */
    public static String opening(UUID eventId) {
        return key(eventId, "opening");
    }

    /** Hash: session id -> {@code <admissionId>:<expiresAtEpochSeconds>} of its latest admission. */
    public static String admissions(UUID eventId) {
        return key(eventId, "admissions");
    }

    /** Sorted set: session id scored by its admission's expiry (epoch seconds), for clean-up. */
    public static String admissionExpiries(UUID eventId) {
        return key(eventId, "admission-expiries");
    }

    /**
     * Sorted set of the sessions counting as active buyers: scored by their admission's expiry in
     * epoch milliseconds while unused, {@code +inf} once they hold an order.
     */
    public static String active(UUID eventId) {
        return key(eventId, "active");
    }

    /** Hash of the latest availability from inventory: available, liveHolds, soldOut (latched), at. */
    public static String availability(UUID eventId) {
        return key(eventId, "availability");
    }

    /** Hash of the operator's admission settings: maxActiveBuyers, maxAdmitPerSecond. */
    public static String settings(UUID eventId) {
        return key(eventId, "settings");
    }

    /** Hash of the admission token bucket: tokens, ts (epoch milliseconds of the last refill). */
    public static String bucket(UUID eventId) {
        return key(eventId, "bucket");
    }

    /** Hash of pump statistics: admitted (total), rate (admissions per second, measured). */
    public static String stats(UUID eventId) {
        return key(eventId, "stats");
    }

    /** Sorted set of recent admission batches (score: epoch milliseconds) for the measured rate. */
    public static String admissionLog(UUID eventId) {
        return key(eventId, "admission-log");
    }

    private static String key(UUID eventId, String name) {
        return "queue:{" + eventId + "}:" + name;
    }
}
