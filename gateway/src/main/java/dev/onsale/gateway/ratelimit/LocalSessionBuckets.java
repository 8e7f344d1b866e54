package dev.onsale.gateway.ratelimit;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * This replica's pre-check of the per-session limit, in memory, before Redis is asked. Each session's
 * local bucket refills at the session rate but holds {@code localBurstFactor} (at least 1) times the
 * session burst, and every request it lets through spends a token, whatever Redis then says. Invariant:
 * the local bucket holds at least as many tokens as the session's bucket in Redis (both refill alike,
 * the local one is bigger, and Redis spends a token only where the local one did, or another replica
 * did), except for less than one token right after Redis refused a request that the local bucket let
 * through, and for requests that passed unchecked while Redis did not answer (those spent only the local
 * token, so a flooding session is still held to the local bucket then). So on a healthy Redis a local
 * refusal is one that Redis would make too: the pre-check answers an obvious flood without a round trip,
 * it does not refuse what the shared limit allows.
 *
 * <p>Memory is bounded: buckets that have refilled to the brim are dropped (a full bucket is the same
 * as none), and beyond {@code maxSessions} tracked sessions a new session is not pre-checked at all.
 * A take racing with the drop of its bucket may go uncounted here; that only loosens the pre-check.
 */
final class LocalSessionBuckets {

    /** The outcome of a local take: allowed, or refused with the wait until a token is back. */
    record Take(boolean allowed, Duration retryAfter) {}

    private static final Take ALLOWED = new Take(true, Duration.ZERO);

    private final double capacity;
    private final double perNano;
    private final int maxSessions;
    private final long sweepEveryNanos;
    private final LongSupplier nanoClock;
    private final Map<UUID, Bucket> buckets = new ConcurrentHashMap<>();
    private final AtomicLong lastSweep;

    LocalSessionBuckets(RateLimitProperties limits, LongSupplier nanoClock) {
        this(
                limits.sessionBurst() * limits.localBurstFactor(),
                limits.sessionPerSecond(),
                limits.localMaxSessions(),
                limits.localSweepInterval(),
                nanoClock);
    }

    /**
     * Buckets of {@code capacity} tokens refilled at {@code perSecond}, for at most {@code maxSessions} sessions at
     * once, swept every {@code sweepInterval}: the same mechanism for a limit that is only local (a pace).
     */
    LocalSessionBuckets(
            double capacity, double perSecond, int maxSessions, Duration sweepInterval, LongSupplier nanoClock) {
        this.capacity = capacity;
        this.perNano = perSecond / 1e9;
        this.maxSessions = maxSessions;
        this.sweepEveryNanos = sweepInterval.toNanos();
        this.nanoClock = nanoClock;
        this.lastSweep = new AtomicLong(nanoClock.getAsLong());
    }

    LocalSessionBuckets(RateLimitProperties limits) {
        this(limits, System::nanoTime);
    }

    Take take(UUID session) {
        long now = nanoClock.getAsLong();
        sweepIfDue(now);
        Bucket bucket = buckets.get(session);
        if (bucket == null) {
            if (buckets.size() >= maxSessions) {
                return ALLOWED;
            }
            bucket = buckets.computeIfAbsent(session, id -> new Bucket(capacity, now));
        }
        return bucket.take(now);
    }

    int trackedSessions() {
        return buckets.size();
    }

    private void sweepIfDue(long now) {
        long last = lastSweep.get();
        if (now - last < sweepEveryNanos || !lastSweep.compareAndSet(last, now)) {
            return;
        }
        buckets.values().removeIf(bucket -> bucket.isFull(now));
    }

    private final class Bucket {

        private double tokens;
        private long refilledAt;

        Bucket(double tokens, long now) {
            this.tokens = tokens;
            this.refilledAt = now;
        }

        synchronized Take take(long now) {
            refill(now);
            if (tokens >= 1) {
                tokens -= 1;
                return ALLOWED;
            }
            return new Take(false, Duration.ofNanos((long) Math.ceil((1 - tokens) / perNano)));
        }

        synchronized boolean isFull(long now) {
            refill(now);
            return tokens >= capacity;
        }

        private void refill(long now) {
            if (now > refilledAt) {
                tokens = Math.min(capacity, tokens + (now - refilledAt) * perNano);
                refilledAt = now;
            }
        }
    }
}
