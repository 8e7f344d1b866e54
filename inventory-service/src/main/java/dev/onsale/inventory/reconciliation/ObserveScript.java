package dev.onsale.inventory.reconciliation;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One call of {@code observe.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's header
 * says, {@link #snapshot} reads its reply.
 *
 * @param claimKeys the seat claims a SCAN found just before
 * @param sessionKeys the sessions' live-order keys the same SCAN found
 * @param asked orders whose record state is asked for (the database's live orders)
 */
record ObserveScript(UUID eventId, List<String> claimKeys, List<String> sessionKeys, List<UUID> asked) {

    static final String RESOURCE = "observe.lua";
    private static final int LIVE_ORDER_FIELDS = 6;

    ObserveScript {
        Objects.requireNonNull(eventId, "eventId");
        claimKeys = List.copyOf(claimKeys);
        sessionKeys = List.copyOf(sessionKeys);
        asked = List.copyOf(asked);
    }

    /** KEYS[1..4]: the counter, live holds, sold, the live set; then the claim keys and the session keys. */
    List<String> keys() {
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.sold(eventId),
                InventoryKeys.live(eventId)));
        keys.addAll(claimKeys);
        keys.addAll(sessionKeys);
        return keys;
    }

    /** ARGV[1..2]: the key prefix, how many of the keys after the fourth are claims; then the asked order ids. */
    List<String> args() {
        List<String> args = new ArrayList<>(List.of(InventoryKeys.prefix(eventId), Integer.toString(claimKeys.size())));
        asked.forEach(id -> args.add(id.toString()));
        return args;
    }

    /** The gate as the reply describes it; keys gone since the SCAN are left out. */
    GateSnapshot snapshot(Object reply) {
        List<?> result = ScriptReply.list(RESOURCE, reply);
        if (result.size() != 8) {
            throw new IllegalStateException(RESOURCE + " answered " + result.size() + " parts, not 8");
        }
        String prefix = InventoryKeys.prefix(eventId);
        Optional<Long> available =
                result.get(0) instanceof String value ? Optional.of(Long.parseLong(value)) : Optional.empty();
        List<GateSnapshot.LiveOrder> live = new ArrayList<>();
        List<?> orders = (List<?>) result.get(4);
        for (int i = 0; i + LIVE_ORDER_FIELDS - 1 < orders.size(); i += LIVE_ORDER_FIELDS) {
            String seats = (String) orders.get(i + 3);
            String session = (String) orders.get(i + 4);
            live.add(new GateSnapshot.LiveOrder(
                    UUID.fromString((String) orders.get(i)),
                    (String) orders.get(i + 1),
                    parseQuantity((String) orders.get(i + 2)),
                    seats.isEmpty() ? List.of() : Arrays.asList(seats.split(",")),
                    session.isEmpty() ? null : UUID.fromString(session),
                    parseInstant((String) orders.get(i + 5))));
        }
        Map<String, UUID> claims = new LinkedHashMap<>();
        named(claimKeys, (List<?>) result.get(5))
                .forEach((key, order) -> claims.put(key.substring((prefix + "seat:").length()), order));
        Map<UUID, UUID> sessions = new LinkedHashMap<>();
        named(sessionKeys, (List<?>) result.get(6))
                .forEach((key, order) ->
                        sessions.put(UUID.fromString(key.substring((prefix + "session:").length())), order));
        Map<UUID, String> states = new HashMap<>();
        List<?> askedStates = (List<?>) result.get(7);
        for (int i = 0; i < asked.size(); i++) {
            if (askedStates.get(i) instanceof String state) {
                states.put(asked.get(i), state);
            }
        }
        return new GateSnapshot(
                Instant.ofEpochMilli((Long) result.get(3)),
                available,
                (Long) result.get(1),
                (Long) result.get(2),
                live,
                claims,
                sessions,
                states);
    }

    /** Keys paired with the order ids they held when observed; keys gone since the SCAN are left out. */
    private static Map<String, UUID> named(List<String> keys, List<?> values) {
        Map<String, UUID> named = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            if (values.get(i) instanceof String value) {
                try {
                    named.put(keys.get(i), UUID.fromString(value));
                } catch (IllegalArgumentException notAnOrder) {
                    named.put(keys.get(i), new UUID(0, 0));
                }
            }
        }
        return named;
    }

    private static int parseQuantity(String quantity) {
        try {
            return Integer.parseInt(quantity);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Instant parseInstant(String instant) {
        try {
            return Instant.parse(instant);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }
}
