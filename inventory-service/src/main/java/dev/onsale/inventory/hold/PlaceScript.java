package dev.onsale.inventory.hold;

import dev.onsale.common.Topics;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.ScriptReply;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One call of {@code place.lua}, by name: {@link #keys()} and {@link #args()} lay it out as the script's header says,
 * and {@link #placement} reads its reply. The one place that knows the script's positions: the gate and the holds
 * benchmark's raw run (through inventory-service's {@code place-script} jar) both call the script through it.
 *
 * @param orderId        the new order's id, minted by the caller
 * @param idempotencyTtl how long the idempotency key and the session's live-order key are kept
 * @param requestedAt    when the request came (the order's requestedAt, the messages' occurredAt)
 * @param answerBy       when the waiting request stops waiting for booking's reply (carried by AllocateSeats)
 * @param commandId      id of the AllocateSeats message the script appends
 * @param availabilityId id of the AvailabilityChanged message it appends when the counter reaches 0
 */
public record PlaceScript(
        UUID orderId,
        HoldRequest request,
        Duration idempotencyTtl,
        Instant requestedAt,
        Instant answerBy,
        UUID commandId,
        UUID availabilityId) {

    /** The script, a class-path resource next to this class. */
    public static final String RESOURCE = "place.lua";
    /** What the idempotency key's place in KEYS names when the request has no key (the script does not read it). */
    static final String NO_IDEMPOTENCY_KEY = "-";

    public PlaceScript {
        Objects.requireNonNull(orderId, "orderId");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(idempotencyTtl, "idempotencyTtl");
        Objects.requireNonNull(requestedAt, "requestedAt");
        Objects.requireNonNull(answerBy, "answerBy");
        Objects.requireNonNull(commandId, "commandId");
        Objects.requireNonNull(availabilityId, "availabilityId");
    }

    /** A call whose messages get fresh ids. */
    public static PlaceScript of(
            UUID orderId, HoldRequest request, Duration idempotencyTtl, Instant requestedAt, Instant answerBy) {
        return new PlaceScript(
                orderId, request, idempotencyTtl, requestedAt, answerBy, UUID.randomUUID(), UUID.randomUUID());
    }

    /** What the script answered first (its status word). */
    public enum Result {
        /** The order passed the gate; then: the counter after. */
        PLACED,
        /** The idempotency key names an order for this same request; then: its id. */
        REPLAYED,
        /** The idempotency key names an order for another request; then: its id. */
        KEY_REUSED,
        /** The order id was given up before the script ran (release.lua ABANDON's tombstone). */
        ABANDONED,
        /**
         * Refused without a write; then: a {@link GateRefusal} name, and the live order for ORDER_ALREADY_LIVE, or the
         * counter and the live holds for SOLD_OUT.
         */
        REFUSED;

        public static Result of(Object reply) {
            return ScriptReply.result(RESOURCE, reply, Result.class);
        }
    }

    /** KEYS[1..9] as the header names them, then KEYS[10..]: one claim per chosen seat. */
    public List<String> keys() {
        UUID eventId = request.eventId();
        String idempotencyKey = idempotent() ? digest(request.idempotencyKey()) : NO_IDEMPOTENCY_KEY;
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.available(eventId),
                InventoryKeys.liveHolds(eventId),
                InventoryKeys.saleState(eventId),
                InventoryKeys.settings(eventId),
                InventoryKeys.session(eventId, request.sessionId()),
                InventoryKeys.idempotency(eventId, request.sessionId(), idempotencyKey),
                InventoryKeys.order(eventId, orderId),
                InventoryKeys.outbox(eventId),
                InventoryKeys.pending(eventId)));
        request.seatIds().forEach(seat -> keys.add(InventoryKeys.seat(eventId, seat)));
        return keys;
    }

    /** ARGV[1..13] as the header names them, then ARGV[14..]: the chosen seats, in the order of KEYS[10..]. */
    public List<String> args() {
        List<String> args = new ArrayList<>(List.of(
                orderId.toString(),
                request.eventId().toString(),
                request.sessionId().toString(),
                Integer.toString(request.quantity()),
                idempotent() ? "1" : "0",
                Long.toString(idempotencyTtl.toSeconds()),
                requestedAt.toString(),
                Topics.HOLD_COMMANDS,
                commandId.toString(),
                Topics.INVENTORY,
                availabilityId.toString(),
                fingerprint(request),
                answerBy.toString()));
        args.addAll(request.seatIds());
        return args;
    }

    /** What the script did with this call, from its reply. */
    public Placement placement(Object reply) {
        List<?> values = ScriptReply.list(RESOURCE, reply);
        return switch (Result.of(reply)) {
            case PLACED -> new Placement.Placed(orderId, (Long) value(values, 1));
            case REPLAYED -> new Placement.Replayed(UUID.fromString((String) value(values, 1)));
            case KEY_REUSED -> new Placement.KeyReused(UUID.fromString((String) value(values, 1)));
            case ABANDONED -> new Placement.Abandoned();
            case REFUSED -> {
                GateRefusal reason = GateRefusal.valueOf((String) value(values, 1));
                yield reason == GateRefusal.SOLD_OUT
                        ? new Placement.SoldOut((Long) value(values, 2), (Long) value(values, 3))
                        : new Placement.Refused(
                                reason, values.size() > 2 ? UUID.fromString((String) values.get(2)) : null);
            }
        };
    }

    private boolean idempotent() {
        return request.idempotencyKey() != null;
    }

    private static Object value(List<?> values, int index) {
        if (values.size() <= index) {
            throw new IllegalStateException(RESOURCE + " answered " + values + ", without element " + (index + 1));
        }
        return values.get(index);
    }

    /**
     * What a request asks for, whatever the order of its seats: {@code q<quantity>} or {@code s<sorted seat ids>}.
     * An idempotency key replays only a request with the same fingerprint.
     */
    static String fingerprint(HoldRequest request) {
        if (request.seatIds().isEmpty()) {
            return "q" + request.quantity();
        }
        return "s" + String.join(",", request.seatIds().stream().sorted().toList());
    }

    /** The idempotency key as it is stored: a fixed-length digest, whatever characters the client sent. */
    static String digest(String idempotencyKey) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(idempotencyKey.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
