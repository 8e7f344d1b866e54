package dev.onsale.payment.provider;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** The acquirer: where it is, who we are to it, how fast we may call it, and when we stop calling it. */
@ConfigurationProperties("onsale.provider")
public record ProviderProperties(
        // Base URL of the acquirer's API (ONSALE_PAYMENT_PROVIDER_URL).
        @DefaultValue("http://localhost:8090") URI url,
        // Merchant key, sent as Authorization: Bearer (ONSALE_PAYMENT_PROVIDER_KEY; the default is local-only).
        @DefaultValue("sk_test_local") String key,
        // The acquirer's limit on money-moving requests (charges and refunds together) per second, for all replicas.
        @DefaultValue("50") int tps,
        // Longest wait for one answer; an unanswered request is a timeout, retried later with the same key.
        @DefaultValue("2s") Duration requestTimeout,
        // Longest wait to open a connection to the acquirer.
        @DefaultValue("1s") Duration connectTimeout,
        // The pacing shared by all replicas.
        @DefaultValue Limiter limiter,
        // The circuit breaker around every call.
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
     */
    public record Limiter(
            // Share of tps we pace at (0 < headroom <= 1).
            @DefaultValue("0.95") double headroom,
            // Furthest ahead a replica reserves a slot; when the next free one is further, it reserves none and asks
            // again.
            @DefaultValue("1s") Duration maxWait,
            // A slot this replica wakes up for later than this is abandoned and a new one reserved.
            @DefaultValue("20ms") Duration maxLateness,
            // Redis key of the schedule all replicas share (the TAT of the next free slot).
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

    /** Timeouts, 5xx and connection failures count as failures; 429s, declines and refusals do not. */
    public record Breaker(
            // Failure percentage (of the calls in the window) at which the breaker opens.
            @DefaultValue("50") float failureRateThreshold,
            // Number of most recent calls the failure rate is computed over.
            @DefaultValue("20") int slidingWindow,
            // Calls needed in the window before the rate counts.
            @DefaultValue("10") int minimumCalls,
            // How long the breaker stays open (no call at all) before letting trial calls through.
            @DefaultValue("5s") Duration openFor,
            // Trial calls let through while half open; their failure rate decides between closed and open.
            @DefaultValue("3") int halfOpenCalls) {}
}
