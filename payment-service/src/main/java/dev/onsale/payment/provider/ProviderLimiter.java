package dev.onsale.payment.provider;

import dev.onsale.platform.redis.LuaScript;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The one pace of all replicas towards the acquirer: a schedule of send slots in Redis (GCRA, burst 1, Redis'
 * clock), so money-moving requests of all replicas together leave at least {@code 1 / (headroom * tps)} apart.
 * Each replica converts the slot into its own monotonic clock, so replicas need no clock agreement. A slot this
 * replica wakes up for too late is abandoned (never spent late), so its own scheduling jitter stays bounded.
 */
public final class ProviderLimiter {

    private static final LuaScript RESERVE = LuaScript.load(ProviderLimiter.class, "reserve_slot.lua");
    private static final long MICROS_PER_SECOND = 1_000_000;

    private final UnifiedJedis redis;
    private final List<String> keys;
    private final List<String> args;
    private final long maxLatenessNanos;
    private final Runnable onMissedSlot;

    ProviderLimiter(UnifiedJedis redis, ProviderProperties properties, Runnable onMissedSlot) {
        ProviderProperties.Limiter limiter = properties.limiter();
        long intervalMicros = (long) Math.ceil(MICROS_PER_SECOND / (properties.tps() * limiter.headroom()));
        this.redis = redis;
        this.keys = List.of(limiter.key());
        this.args = List.of(
                Long.toString(intervalMicros), Long.toString(limiter.maxWait().toNanos() / 1000));
        this.maxLatenessNanos = limiter.maxLateness().toNanos();
        this.onMissedSlot = onMissedSlot;
    }

    /** A reserved slot: send {@code delay} after the script ran; {@code slotMicros} is its Redis time. */
    record Reservation(boolean granted, Duration delay, long slotMicros) {}

    /**
     * Returns once this caller may send one money-moving request (at its slot, give or take the lateness bound).
     *
     * @throws LimiterUnavailable if Redis does not answer: then no request may be sent, pacing is unknown
     */
    public void awaitSlot() throws InterruptedException {
        while (true) {
            long before = System.nanoTime();
            Reservation reservation = reserve();
            long after = System.nanoTime();
            if (!reservation.granted()) {
                TimeUnit.NANOSECONDS.sleep(reservation.delay().toNanos());
                continue;
            }
            long sendAt = before + (after - before) / 2 + reservation.delay().toNanos();
            long remaining = sendAt - System.nanoTime();
            if (remaining > 0) {
                TimeUnit.NANOSECONDS.sleep(remaining);
            }
            if (System.nanoTime() - sendAt <= maxLatenessNanos) {
                return;
            }
            onMissedSlot.run();
        }
    }

    /** One reservation attempt, as the script answers it. */
    Reservation reserve() {
        try {
            List<?> reply = (List<?>) RESERVE.run(redis, keys, args);
            boolean granted = ((Long) reply.get(0)) == 1L;
            return new Reservation(granted, Duration.ofNanos((Long) reply.get(1) * 1000), (Long) reply.get(2));
        } catch (JedisException e) {
            throw new LimiterUnavailable(e);
        }
    }

    /** Redis did not answer: no slot, so no request. */
    public static final class LimiterUnavailable extends RuntimeException {
        LimiterUnavailable(Throwable cause) {
            super("the provider rate limiter (Redis) is unavailable: " + cause.getMessage(), cause);
        }
    }
}
