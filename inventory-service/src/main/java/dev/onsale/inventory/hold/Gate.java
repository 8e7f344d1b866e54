package dev.onsale.inventory.hold;

import dev.onsale.common.Topics;
import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.SafeEncoder;

/**
 * The hold gate in Redis: every state change of an order at the gate is one Lua script (see the
 * scripts' headers), and every one that others must learn of appends its message to the event's
 * outbox stream in that same script. Each step is idempotent per order, so replies and order events
 * may be applied by any replica, any number of times.
 */
@Component
public class Gate {

    private static final LuaScript PLACE = LuaScript.load(Gate.class, "place.lua");
    private static final LuaScript MARK_HELD = LuaScript.load(Gate.class, "mark_held.lua");
    private static final LuaScript RELEASE = LuaScript.load(Gate.class, "release.lua");
    private static final LuaScript CONVERT = LuaScript.load(Gate.class, "convert.lua");
    private static final LuaScript TIMER_EXPIRED = LuaScript.load(Gate.class, "timer_expired.lua");
    private static final LuaScript ANSWERED = LuaScript.load(Gate.class, "answered.lua");
    /** Reason sent in CancelAllocation when the reply did not come in time. */
    static final String REPLY_TIMEOUT = "REPLY_TIMEOUT";
    /** Reason recorded when an answer would have come after the gateway gave up. */
    static final String ANSWER_LATE = "ANSWER_LATE";
    /** Reason recorded when the place script's own answer was lost (a socket timeout after it ran). */
    static final String ANSWER_LOST = "ANSWER_LOST";

    private final JedisPooled jedis;
    private final StreamRegistry streams;
    private final HoldsProperties properties;
    private final Clock clock;

    Gate(JedisPooled jedis, StreamRegistry streams, HoldsProperties properties, Clock clock) {
        this.jedis = jedis;
        this.streams = streams;
        this.properties = properties;
        this.clock = clock;
    }

    /** {@link #place(UUID, HoldRequest, Instant)} for a caller that waits the whole {@code reply-wait}. */
    Placement place(UUID orderId, HoldRequest request) {
        return place(orderId, request, clock.instant().plus(properties.replyWait()));
    }

    /**
     * Runs the gate for a new order with the id {@code orderId} (minted by the caller), which waits for booking's
     * reply until {@code answerBy}: the AllocateSeats carries it, so that booking skips it once nobody waits.
     */
    Placement place(UUID orderId, HoldRequest request, Instant answerBy) {
        UUID eventId = request.eventId();
        String outbox = outbox(eventId);
        boolean idempotent = request.idempotencyKey() != null;
        List<String> keys = new ArrayList<>(List.of(
                InventoryKeys.available(eventId), InventoryKeys.liveHolds(eventId), InventoryKeys.saleState(eventId),
                InventoryKeys.settings(eventId), InventoryKeys.session(eventId, request.sessionId()),
                InventoryKeys.idempotency(eventId, request.sessionId(),
                        idempotent ? digest(request.idempotencyKey()) : "-"),
                InventoryKeys.order(eventId, orderId), outbox, InventoryKeys.pending(eventId)));
        List<String> args = new ArrayList<>(List.of(orderId.toString(), eventId.toString(),
                request.sessionId().toString(), Integer.toString(request.quantity()), idempotent ? "1" : "0",
                Long.toString(properties.idempotencyTtl().toSeconds()), clock.instant().toString(),
                Topics.HOLD_COMMANDS, UUID.randomUUID().toString(), Topics.INVENTORY, UUID.randomUUID().toString(),
                fingerprint(request), answerBy.toString()));
        for (String seat : request.seatIds()) {
            keys.add(InventoryKeys.seat(eventId, seat));
            args.add(seat);
        }
        List<?> result = (List<?>) PLACE.run(jedis, keys, args);
        return switch ((String) result.get(0)) {
            case "PLACED" -> new Placement.Placed(orderId, (Long) result.get(1));
            case "REPLAYED" -> new Placement.Replayed(UUID.fromString((String) result.get(1)));
            case "KEY_REUSED" -> new Placement.KeyReused(UUID.fromString((String) result.get(1)));
            case "ABANDONED" -> new Placement.Abandoned();
            case "REFUSED" -> new Placement.Refused(GateRefusal.valueOf((String) result.get(1)),
                    result.size() > 2 ? UUID.fromString((String) result.get(2)) : null);
            default -> throw new IllegalStateException("place.lua answered " + result);
        };
    }

    /** @return whether the order became HELD now (false: applied before, or no longer pending) */
    boolean markHeld(SeatsAllocated allocated) {
        UUID eventId = allocated.eventId();
        long ttl = Math.max(1, (Duration.between(clock.instant(), allocated.expiresAt()).toMillis() + 999) / 1000);
        List<String> keys = new ArrayList<>(List.of(InventoryKeys.order(eventId, allocated.orderId()),
                InventoryKeys.holdTimer(eventId, allocated.orderId())));
        allocated.seatIds().forEach(seat -> keys.add(InventoryKeys.seat(eventId, seat)));
        List<?> result = (List<?>) MARK_HELD.run(jedis, keys, List.of(allocated.orderId().toString(),
                Long.toString(ttl), Long.toString(allocated.amountCents()), allocated.currency(),
                allocated.expiresAt().toString(), String.join(",", allocated.seatIds())));
        return "HELD".equals(result.get(0));
    }

    /** @return whether the refusal restored the gate now */
    boolean refuse(AllocationRefused refused) {
        return end("REFUSE", refused.eventId(), refused.orderId(), refused.reason().name());
    }

    /** Booking released the order ({@code reason}: cancelled, expired, payment-failed). @return whether now */
    public boolean release(UUID eventId, UUID orderId, String reason) {
        return end("RELEASE", eventId, orderId, reason);
    }

    /**
     * Gives up waiting: if the order is still PENDING, restores the gate and appends CancelAllocation.
     *
     * @return whether it was cancelled now (false: a reply, or another path, ended it first)
     */
    public boolean timeOut(UUID eventId, UUID orderId) {
        return end("TIMEOUT", eventId, orderId, REPLY_TIMEOUT);
    }

    /**
     * Ends a PENDING or HELD order whose answer would reach the gateway after it gave up (the buyer was told
     * 503): the gate's side is given back at once and CancelAllocation makes booking release it.
     *
     * @return whether the order ended now
     */
    boolean answeredLate(UUID eventId, UUID orderId) {
        return end("LATE", eventId, orderId, ANSWER_LATE);
    }

    /**
     * Gives up an order whose place call failed before its answer came back (the script may or may not have
     * run): a PENDING or HELD order is ended as {@link #answeredLate} ends it, and an order the gate has not
     * seen yet can never be placed afterwards.
     *
     * A HELD order that a replay has answered 201 meanwhile stays (its buyer has it).
     */
    void abandon(UUID eventId, UUID orderId) {
        endResult("ABANDON", eventId, orderId, ANSWER_LOST);
    }

    /**
     * Marks a HELD order as answered 201 by a replay, so that the request that placed it no longer gives it back
     * when its own answer comes too late.
     *
     * @return the order's state when it is not HELD (then nothing was marked), empty when marked
     */
    Optional<String> markAnswered(UUID eventId, UUID orderId) {
        String result = (String) ANSWERED.run(jedis, List.of(InventoryKeys.order(eventId, orderId)), List.of());
        return "ANSWERED".equals(result) ? Optional.empty() : Optional.of(result);
    }

    /** @return whether the order converted now */
    public boolean convert(UUID eventId, UUID orderId) {
        List<?> result = (List<?>) CONVERT.run(jedis,
                List.of(InventoryKeys.order(eventId, orderId), InventoryKeys.available(eventId),
                        InventoryKeys.liveHolds(eventId), InventoryKeys.sold(eventId), outbox(eventId),
                        InventoryKeys.holdTimer(eventId, orderId)),
                List.of(orderId.toString(), eventId.toString(), InventoryKeys.prefix(eventId),
                        Long.toString(properties.recordTtl().toSeconds()), clock.instant().toString(),
                        Topics.INVENTORY, UUID.randomUUID().toString()));
        return "CONVERTED".equals(result.get(0));
    }

    /** @return whether this call appended the order's HoldTimerExpired (false: another replica did, or unknown) */
    boolean timerExpired(UUID eventId, UUID orderId, Instant expiredAt) {
        Object result = TIMER_EXPIRED.run(jedis,
                List.of(InventoryKeys.order(eventId, orderId), outbox(eventId)),
                List.of(orderId.toString(), eventId.toString(), expiredAt.toString(), Topics.INVENTORY,
                        UUID.randomUUID().toString()));
        return "APPENDED".equals(result);
    }

    /** Redis' clock, in epoch milliseconds: the clock the pending index is scored by. */
    long redisNowMillis() {
        List<?> time = (List<?>) jedis.sendCommand(Protocol.Command.TIME);
        return Long.parseLong(SafeEncoder.encode((byte[]) time.get(0))) * 1000
                + Long.parseLong(SafeEncoder.encode((byte[]) time.get(1))) / 1000;
    }

    /** Orders the pending index lists as placed at or before {@code cutoffMillis} (Redis' clock), oldest first. */
    List<UUID> pendingSince(UUID eventId, long cutoffMillis, int limit) {
        return jedis.zrangeByScore(InventoryKeys.pending(eventId), 0, cutoffMillis, 0, limit).stream()
                .map(UUID::fromString).toList();
    }

    /** Drops {@code orderId} from the pending index (it has left PENDING by a path that does not say so). */
    void forgetPending(UUID eventId, UUID orderId) {
        jedis.zrem(InventoryKeys.pending(eventId), orderId.toString());
    }

    Optional<OrderRecord> order(UUID eventId, UUID orderId) {
        Map<String, String> hash = jedis.hgetAll(InventoryKeys.order(eventId, orderId));
        return hash.isEmpty() || !hash.containsKey("state") ? Optional.empty() : Optional.of(OrderRecord.of(orderId, hash));
    }

    private boolean end(String mode, UUID eventId, UUID orderId, String reason) {
        return "ENDED".equals(endResult(mode, eventId, orderId, reason).get(0));
    }

    private List<?> endResult(String mode, UUID eventId, UUID orderId, String reason) {
        return (List<?>) RELEASE.run(jedis,
                List.of(InventoryKeys.order(eventId, orderId), InventoryKeys.available(eventId),
                        InventoryKeys.liveHolds(eventId), outbox(eventId), InventoryKeys.holdTimer(eventId, orderId)),
                List.of(mode, orderId.toString(), eventId.toString(), InventoryKeys.prefix(eventId),
                        Long.toString(properties.recordTtl().toSeconds()), reason, clock.instant().toString(),
                        Topics.INVENTORY, UUID.randomUUID().toString(), Topics.HOLD_COMMANDS,
                        UUID.randomUUID().toString()));
    }

    private String outbox(UUID eventId) {
        String outbox = InventoryKeys.outbox(eventId);
        streams.register(outbox);
        return outbox;
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
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(idempotencyKey.getBytes(StandardCharsets.US_ASCII)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
