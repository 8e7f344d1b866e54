package dev.onsale.payment.provider;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The acquirer: where it is, who we are to it, how fast we may call it, and when we stop calling it.
 *
 * @param url base URL of the acquirer's API (ONSALE_PAYMENT_PROVIDER_URL)
 * @param key merchant key, sent as Authorization: Bearer (ONSALE_PAYMENT_PROVIDER_KEY; the default is local-only)
 * @param tps the acquirer's limit on money-moving requests (charges and refunds together) per second, for all
 *     replicas
 * @param requestTimeout longest wait for one answer; an unanswered request is a timeout, retried later with the same
 *     key
 * @param connectTimeout longest wait to open a connection to the acquirer
 * @param limiter the pacing shared by all replicas
 * @param breaker the circuit breaker around every call
 */
@ConfigurationProperties("onsale.provider")
public record ProviderProperties(
        @DefaultValue("http://localhost:8090") URI url,
        @DefaultValue("sk_test_local") String key,
        @DefaultValue("50") int tps,
        @DefaultValue("2s") Duration requestTimeout,
        @DefaultValue("1s") Duration connectTimeout,
        @DefaultValue Limiter limiter,
        @DefaultValue Breaker breaker) {

    public ProviderProperties {
        if (tps < 1) {
            throw new IllegalArgumentException("onsale.provider.tps must be positive, was " + tps);
        }
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("onsale.provider.key must be set");
        }
    }

    /**
     * Slots are {@code 1 / (headroom * tps)} apart. A request that reaches the acquirer up to
     * {@code (1 - headroom) / headroom} seconds after its slot still cannot make tps + 1 requests fall into one
     * fixed second; {@code max-lateness} is our own share of that budget, the rest is the network's.
     *
     * @param headroom share of tps we pace at (above 0, at most 1)
     * @param maxWait furthest ahead a replica reserves a slot; when the next free one is further, it reserves none
     *     and asks again
     * @param maxLateness a slot this replica wakes up for later than this is abandoned and a new one reserved
     * @param key Redis key of the schedule all replicas share (the TAT of the next free slot)
     */
    public record Limiter(
            @DefaultValue("0.95") double headroom,
            @DefaultValue("1s") Duration maxWait,
            @DefaultValue("20ms") Duration maxLateness,
            @DefaultValue("payment:provider:schedule") String key) {

        public Limiter {
            if (!(headroom > 0 && headroom <= 1)) {
                throw new IllegalArgumentException(
                        "onsale.provider.limiter.headroom must be in (0, 1], was " + headroom);
            }
            double budgetMillis = (1 - headroom) / headroom * 1000;
            if (headroom < 1 && maxLateness.toMillis() >= budgetMillis) {
                throw new IllegalArgumentException("onsale.provider.limiter.max-lateness must stay below "
                        + Math.round(budgetMillis) + " ms at headroom " + headroom + ", was " + maxLateness);
            }
        }
    }

    /**
     * Timeouts, 5xx and connection failures count as failures; 429s, declines and refusals do not.
     *
     * @param failureRateThreshold failure percentage (of the calls in the window) at which the breaker opens
     * @param slidingWindow number of most recent calls the failure rate is computed over
     * @param minimumCalls calls needed in the window before the rate counts
     * @param openFor how long the breaker stays open (no call at all) before letting trial calls through
     * @param halfOpenCalls trial calls let through while half open; their failure rate decides between closed and
     *     open
     */
    public record Breaker(
            @DefaultValue("50") float failureRateThreshold,
            @DefaultValue("20") int slidingWindow,
            @DefaultValue("10") int minimumCalls,
            @DefaultValue("5s") Duration openFor,
            @DefaultValue("3") int halfOpenCalls) {}
}
