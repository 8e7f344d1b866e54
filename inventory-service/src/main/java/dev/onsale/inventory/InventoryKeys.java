package dev.onsale.inventory;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every Redis key of one event: {@code inventory:{<eventId>}:<name>}. The hash tag puts all of them
 * in one slot of a Redis Cluster, so one Lua script may touch any of them, and an expired key's
 * name tells whose it was.
 */
public final class InventoryKeys {

    private static final String HOLD_TIMER = "hold-timer:";
    private static final Pattern HOLD_TIMER_KEY =
            Pattern.compile("inventory:\\{([0-9a-f-]{36})\\}:hold-timer:([0-9a-f-]{36})");

    private InventoryKeys() {}

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

    /** What the gate enforces per order, from EventCreated: a hash of {@code maxPerOrder}, {@code holdTtlSeconds}. */
    public static String settings(UUID eventId) {
        return key(eventId, "settings");
    }

    /** Seats of converted (paid) orders: they never come back to {@link #available}. Absent means 0. */
    public static String sold(UUID eventId) {
        return key(eventId, "sold");
    }

    /** The gate's record of one order (a hash: state, session, quantity, seats, the answer once held). */
    public static String order(UUID eventId, UUID orderId) {
        return key(eventId, "order:" + orderId);
    }

    /** The live order of one buyer session (its id), while it has one. */
    public static String session(UUID eventId, UUID sessionId) {
        return key(eventId, "session:" + sessionId);
    }

    /** The claim on one seat: the id of the order that holds or is being allocated it. */
    public static String seat(UUID eventId, String seatId) {
        return key(eventId, "seat:" + seatId);
    }

    /** The hold timer of one order; its expiry notification is relayed as HoldTimerExpired. */
    public static String holdTimer(UUID eventId, UUID orderId) {
        return key(eventId, HOLD_TIMER + orderId);
    }

    /** The order placed under one session's idempotency key (its digest) for this event. */
    public static String idempotency(UUID eventId, UUID sessionId, String keyDigest) {
        return key(eventId, "idempotency:" + sessionId + ":" + keyDigest);
    }

    /** Set of the event's live orders (PENDING or HELD), kept by the scripts that place and end them. */
    public static String live(UUID eventId) {
        return key(eventId, "live");
    }

    /** Sorted set of the event's PENDING orders, scored by placement time on Redis' clock (epoch ms). */
    public static String pending(UUID eventId) {
        return key(eventId, "pending");
    }

    /** The event whose outbox stream {@code key} is, if it is one. */
    public static Optional<UUID> parseOutbox(String key) {
        if (!key.startsWith("inventory:{") || !key.endsWith("}:outbox")) {
            return Optional.empty();
        }
        try {
            return Optional.of(
                    UUID.fromString(key.substring("inventory:{".length(), key.length() - "}:outbox".length())));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Prefix shared by every key of the event; scripts derive keys named in an order record from it. */
    public static String prefix(UUID eventId) {
        return "inventory:{" + eventId + "}:";
    }

    /** The event and order a hold-timer key names. */
    public record HoldTimer(UUID eventId, UUID orderId) {}

    /** The event and order of {@code key} if it is a hold-timer key, else empty. */
    public static Optional<HoldTimer> parseHoldTimer(String key) {
        Matcher matcher = HOLD_TIMER_KEY.matcher(key);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new HoldTimer(UUID.fromString(matcher.group(1)), UUID.fromString(matcher.group(2))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String key(UUID eventId, String name) {
        return prefix(eventId) + name;
    }
}
