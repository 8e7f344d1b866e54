package dev.onsale.sandbox.api;

import dev.onsale.sandbox.settings.SandboxSettings;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.springframework.stereotype.Component;

/**
 * Per-merchant token bucket: refills at {@code tps} tokens per second and holds at most {@code tps} tokens
 * (burst = one second's worth); a bucket starts full. Hence over any interval of length T a merchant gets at most
 * {@code tps + tps*T} requests through — at most 2 x tps in one fixed second, tps per second sustained.
 */
@Component
public class RateLimiter {

    private final SandboxSettings settings;
    private final Traffic traffic;
    private final Counter rejected;
    private final LongSupplier nanoClock = System::nanoTime;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    RateLimiter(SandboxSettings settings, Traffic traffic, MeterRegistry meters) {
        this.settings = settings;
        this.traffic = traffic;
        this.rejected = Counter.builder("sandbox.rate.limited")
                .description("Requests answered 429")
                .register(meters);
    }

    /** Takes one token for the merchant or throws 429 with Retry-After (whole seconds, at least 1). */
    public void acquire(String merchant) {
        int tps = settings.current().tps();
        var bucket = buckets.computeIfAbsent(merchant, m -> new Bucket(tps, nanoClock.getAsLong()));
        long waitNanos;
        // Counted under the bucket's lock, so the per-second traffic agrees with the bucket's decisions.
        synchronized (bucket) {
            waitNanos = bucket.tryTake(tps, nanoClock.getAsLong());
            if (waitNanos > 0) traffic.rejected();
            else traffic.accepted();
        }
        if (waitNanos > 0) {
            rejected.increment();
            throw ApiException.rateLimited(Math.max(1, (waitNanos + 999_999_999L) / 1_000_000_000L));
        }
    }

    public void reset() {
        buckets.clear();
    }

    /** Guarded by its own monitor, held by the caller. */
    private static final class Bucket {
        private double tokens;
        private long lastNanos;

        Bucket(int capacity, long now) {
            this.tokens = capacity;
            this.lastNanos = now;
        }

        /** 0 if a token was taken, else nanoseconds until one will be there. */
        long tryTake(int tps, long now) {
            tokens = Math.min(tps, tokens + (now - lastNanos) * tps / 1e9);
            lastNanos = now;
            if (tokens >= 1.0) {
                tokens -= 1.0;
                return 0;
            }
            return (long) Math.ceil((1.0 - tokens) * 1e9 / tps);
        }
    }
}
