package dev.onsale.inventory.hold;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.hold.ReleaseScript.Mode;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.util.SafeEncoder;

/**
 * The hold gate in Redis: every state change of an order at the gate is one Lua script (see the
 * scripts' headers), and every one that others must learn of appends its message to the event's
 * outbox stream in that same script. Each step is idempotent per order, so replies and order events
 * may be applied by any replica, any number of times. Each script's KEYS, ARGV and replies are laid out by a
 * class of its own ({@link PlaceScript}, {@link MarkHeldScript}, {@link ReleaseScript}, {@link ConvertScript},
 * {@link TimerExpiredScript}, {@link AnsweredScript}); this class runs them.
 */
@Component
public class Gate {

    private static final LuaScript PLACE = LuaScript.load(Gate.class, PlaceScript.RESOURCE);
    private static final LuaScript MARK_HELD = LuaScript.load(Gate.class, MarkHeldScript.RESOURCE);
    private static final LuaScript RELEASE = LuaScript.load(Gate.class, ReleaseScript.RESOURCE);
    private static final LuaScript CONVERT = LuaScript.load(Gate.class, ConvertScript.RESOURCE);
    private static final LuaScript TIMER_EXPIRED = LuaScript.load(Gate.class, TimerExpiredScript.RESOURCE);
    private static final LuaScript ANSWERED = LuaScript.load(Gate.class, AnsweredScript.RESOURCE);
    /** Reason sent in CancelAllocation when the reply did not come in time. */
    static final String REPLY_TIMEOUT = "REPLY_TIMEOUT";
    /** Reason recorded when an answer would have come after the gateway gave up. */
    static final String ANSWER_LATE = "ANSWER_LATE";
    /** Reason recorded when the place script's own answer was lost (a socket timeout after it ran). */
    static final String ANSWER_LOST = "ANSWER_LOST";

    private final UnifiedJedis jedis;
    private final StreamRegistry streams;
    private final HoldsProperties properties;
    private final Clock clock;

    Gate(UnifiedJedis jedis, StreamRegistry streams, HoldsProperties properties, Clock clock) {
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
        register(request.eventId());
        PlaceScript call = PlaceScript.of(orderId, request, properties.idempotencyTtl(), clock.instant(), answerBy);
        return call.placement(PLACE.run(jedis, call.keys(), call.args()));
    }

    /** @return whether the order became HELD now (false: applied before, or no longer pending) */
    boolean markHeld(SeatsAllocated allocated) {
        MarkHeldScript call = new MarkHeldScript(allocated, clock.instant());
        return MarkHeldScript.Result.of(MARK_HELD.run(jedis, call.keys(), call.args())) == MarkHeldScript.Result.HELD;
    }

    /** @return whether the refusal restored the gate now */
    boolean refuse(AllocationRefused refused) {
        return end(
                Mode.REFUSE,
                refused.eventId(),
                refused.orderId(),
                refused.reason().name());
    }

    /** Booking released the order ({@code reason}: cancelled, expired, payment-failed). @return whether now */
    public boolean release(UUID eventId, UUID orderId, String reason) {
        return end(Mode.RELEASE, eventId, orderId, reason);
    }

    /**
     * Gives up waiting: if the order is still PENDING, restores the gate and appends CancelAllocation.
     *
     * @return whether it was cancelled now (false: a reply, or another path, ended it first)
     */
    public boolean timeOut(UUID eventId, UUID orderId) {
        return end(Mode.TIMEOUT, eventId, orderId, REPLY_TIMEOUT);
    }

    /**
     * Ends a PENDING or HELD order whose answer would reach the gateway after it gave up (the buyer was told
     * 503): the gate's side is given back at once and CancelAllocation makes booking release it.
     *
     * @return whether the order ended now
     */
    boolean answeredLate(UUID eventId, UUID orderId) {
        return end(Mode.LATE, eventId, orderId, ANSWER_LATE);
    }

    /**
     * Gives up an order whose place call failed before its answer came back (the script may or may not have
     * run): a PENDING or HELD order is ended as {@link #answeredLate} ends it, and an order the gate has not
     * seen yet can never be placed afterwards.
     *
     * A HELD order that a replay has answered 201 meanwhile stays (its buyer has it).
     */
    void abandon(UUID eventId, UUID orderId) {
        end(Mode.ABANDON, eventId, orderId, ANSWER_LOST);
    }

    /**
     * Marks a HELD order as answered 201 by a replay, so that the request that placed it no longer gives it back
     * when its own answer comes too late.
     *
     * @return the order's state when it is not HELD (then nothing was marked), empty when marked
     */
    Optional<String> markAnswered(UUID eventId, UUID orderId) {
        AnsweredScript call = new AnsweredScript(eventId, orderId);
        AnsweredScript.Result result = AnsweredScript.Result.of(ANSWERED.run(jedis, call.keys(), List.of()));
        return result == AnsweredScript.Result.ANSWERED ? Optional.empty() : Optional.of(result.name());
    }

    /** @return whether the order converted now */
    public boolean convert(UUID eventId, UUID orderId) {
        register(eventId);
        ConvertScript call = ConvertScript.of(eventId, orderId, properties.recordTtl(), clock.instant());
        return ConvertScript.Result.of(CONVERT.run(jedis, call.keys(), call.args())) == ConvertScript.Result.CONVERTED;
    }

    /** @return whether this call appended the order's HoldTimerExpired (false: another replica did, or unknown) */
    boolean timerExpired(UUID eventId, UUID orderId, Instant expiredAt) {
        register(eventId);
        TimerExpiredScript call = TimerExpiredScript.of(eventId, orderId, expiredAt);
        return TimerExpiredScript.Result.of(TIMER_EXPIRED.run(jedis, call.keys(), call.args()))
                == TimerExpiredScript.Result.APPENDED;
    }

    /** The event's per-order limit as the gate enforces it; null when the gate has no settings for the event. */
    Integer maxPerOrder(UUID eventId) {
        String limit = jedis.hget(InventoryKeys.settings(eventId), "maxPerOrder");
        return limit == null ? null : Integer.valueOf(limit);
    }

    /**
     * Redis' clock, in epoch milliseconds: the clock {@code eventId}'s pending index is scored by. Read on the node
     * that owns the event's slot (a cluster's nodes each have a clock of their own; place.lua scores by that one).
     */
    long redisNowMillis(UUID eventId) {
        List<?> time = (List<?>) jedis.sendCommand(InventoryKeys.pending(eventId), Protocol.Command.TIME);
        return Long.parseLong(SafeEncoder.encode((byte[]) time.get(0))) * 1000
                + Long.parseLong(SafeEncoder.encode((byte[]) time.get(1))) / 1000;
    }

    /** Orders the pending index lists as placed at or before {@code cutoffMillis} (Redis' clock), oldest first. */
    List<UUID> pendingSince(UUID eventId, long cutoffMillis, int limit) {
        return jedis.zrangeByScore(InventoryKeys.pending(eventId), 0, cutoffMillis, 0, limit).stream()
                .map(UUID::fromString)
                .toList();
    }

    /** Drops {@code orderId} from the pending index (it has left PENDING by a path that does not say so). */
    void forgetPending(UUID eventId, UUID orderId) {
        jedis.zrem(InventoryKeys.pending(eventId), orderId.toString());
    }

    Optional<OrderRecord> order(UUID eventId, UUID orderId) {
        Map<String, String> hash = jedis.hgetAll(InventoryKeys.order(eventId, orderId));
        return hash.isEmpty() || !hash.containsKey("state")
                ? Optional.empty()
                : Optional.of(OrderRecord.of(orderId, hash));
    }

    private boolean end(Mode mode, UUID eventId, UUID orderId, String reason) {
        register(eventId);
        ReleaseScript call = ReleaseScript.of(mode, eventId, orderId, properties.recordTtl(), reason, clock.instant());
        return ReleaseScript.Result.of(RELEASE.run(jedis, call.keys(), call.args())) == ReleaseScript.Result.ENDED;
    }

    /** Registers the event's outbox stream with the relay before a script first appends to it. */
    private void register(UUID eventId) {
        streams.register(InventoryKeys.outbox(eventId));
    }
}
