package dev.onsale.gateway.warmup;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The gateway's warm-up before it reports ready: synthetic buyers that walk the hot paths over loopback, so
 * that the first real burst meets compiled code instead of the interpreter (a cold gateway spent about 75%
 * more CPU per request on the first 5,000 buyers after a start, most of it in the JIT compiler).
 *
 * @param buyers         synthetic buyers to run (7 requests each); 0 turns the warm-up off
 * @param concurrency    buyers walking at once, each on its own keep-alive connection
 * @param maxDuration    the warm-up ends at this, done or not: readiness never waits longer
 * @param requestTimeout longest wait for one answer
 * @param addressShare   share of the per-address rate limit ({@code onsale.rate-limit.address-per-second}) the
 *                       warm-up may use: loopback callers share the warm-up's address bucket, and it must be
 *                       full again when the gateway turns ready
 */
@ConfigurationProperties("onsale.warm-up")
public record WarmUpProperties(
        @DefaultValue("2500") int buyers,
        @DefaultValue("16") int concurrency,
        @DefaultValue("60s") Duration maxDuration,
        @DefaultValue("5s") Duration requestTimeout,
        @DefaultValue("0.5") double addressShare) {

    public WarmUpProperties {
        if (buyers < 0 || concurrency < 1) {
            throw new IllegalArgumentException(
                    "onsale.warm-up.buyers must not be negative, concurrency must be positive");
        }
        if (maxDuration.isNegative() || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException(
                    "onsale.warm-up.max-duration must not be negative, request-timeout must be positive");
        }
        if (!(addressShare > 0 && addressShare <= 1)) {
            throw new IllegalArgumentException("onsale.warm-up.address-share must be in (0, 1]");
        }
    }
}
