package dev.onsale.gateway.routing;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The services behind the gateway and the connections to them. Defaults survive 5,000 concurrent
 * buyers: the pool never answers a buyer with a pending-acquire error before the request times out.
 *
 * @param queue           base URI of queue-service (ONSALE_QUEUE_URL)
 * @param inventory       base URI of inventory-service (ONSALE_INVENTORY_URL)
 * @param booking         base URI of booking-service (ONSALE_BOOKING_URL)
 * @param payment         base URI of payment-service (ONSALE_PAYMENT_URL)
 * @param connectTimeout  longest wait for a TCP connection to a service; short, a refusal is a fast 503
 * @param responseTimeout longest wait for a service's response headers (holds wait up to 5 s upstream)
 * @param pool            the connection pool shared by all routes
 * @param answerDeadline  longest a request may take in the gateway in all, whatever it waits for: past it the
 *                        buyer is answered 503 (at least connect + pool wait + response timeout)
 * @param answerGrace     how much longer a service's answer that is being copied to the buyer at the deadline may
 *                        take to finish; past it the buyer's connection is closed, so that the client fails at once
 *                        instead of waiting for a body that will never come
 */
@ConfigurationProperties("onsale.upstream")
public record UpstreamProperties(
        URI queue,
        URI inventory,
        URI booking,
        URI payment,
        @DefaultValue("1s") Duration connectTimeout,
        @DefaultValue("10s") Duration responseTimeout,
        @DefaultValue Pool pool,
        @DefaultValue("18s") Duration answerDeadline,
        @DefaultValue("2s") Duration answerGrace) {

    public UpstreamProperties {
        if (queue == null || inventory == null || booking == null || payment == null) {
            throw new IllegalArgumentException("onsale.upstream.queue, inventory, booking and payment must be set");
        }
        if (answerDeadline == null || answerDeadline.isNegative() || answerDeadline.isZero()) {
            throw new IllegalArgumentException("onsale.upstream.answer-deadline must be positive");
        }
        if (answerGrace == null || answerGrace.isNegative()) {
            throw new IllegalArgumentException("onsale.upstream.answer-grace must not be negative");
        }
    }

    /**
     * @param maxConnections        most open connections per service address
     * @param pendingAcquireMax     most requests waiting for a free connection per service address
     * @param pendingAcquireTimeout longest wait for a free connection before 503
     * @param maxIdleTime           idle connections older than this are closed
     */
    public record Pool(
            @DefaultValue("2000") int maxConnections,
            @DefaultValue("10000") int pendingAcquireMax,
            @DefaultValue("5s") Duration pendingAcquireTimeout,
            @DefaultValue("30s") Duration maxIdleTime) {}
}
