package dev.onsale.gateway.routing;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The services behind the gateway and the connections to them. Defaults survive 5,000 concurrent
 * buyers: the pool never answers a buyer with a pending-acquire error before the request times out.
 *
 * <p>Each service is one base URL or a comma-separated list of its replicas' ({@link ServiceReplicas}); a base URL is
 * {@code http(s)://host:port} and nothing more. An empty list or anything else fails the start, naming the setting.
 *
 * @param queue           base URLs of queue-service's replicas (ONSALE_QUEUE_URL)
 * @param inventory       base URLs of inventory-service's replicas (ONSALE_INVENTORY_URL)
 * @param booking         base URLs of booking-service's replicas (ONSALE_BOOKING_URL)
 * @param payment         base URLs of payment-service's replicas (ONSALE_PAYMENT_URL)
 * @param connectTimeout  longest wait for a TCP connection to a service; short: a replica that does not connect is
 *                        soon passed for another, and a service none of whose replicas does is a fast 503
 * @param responseTimeout longest wait for a service's response headers (holds wait up to 5 s upstream)
 * @param pool            the connection pool shared by all routes
 * @param answerDeadline  longest a request may take in the gateway in all, whatever it waits for: past it the
 *                        buyer is answered 503 (at least connect + pool wait + response timeout)
 * @param answerGrace     how much longer a service's answer that is being copied to the buyer at the deadline may
 *                        take to finish; past it the buyer's connection is closed, so that the client fails at once
 *                        instead of waiting for a body that will never come
 * @param replicaRest     how long a replica that failed to connect is passed over before it is tried again
 */
@ConfigurationProperties("onsale.upstream")
public record UpstreamProperties(
        List<URI> queue,
        List<URI> inventory,
        List<URI> booking,
        List<URI> payment,
        @DefaultValue("1s") Duration connectTimeout,
        @DefaultValue("10s") Duration responseTimeout,
        @DefaultValue Pool pool,
        @DefaultValue("18s") Duration answerDeadline,
        @DefaultValue("2s") Duration answerGrace,
        @DefaultValue("2s") Duration replicaRest) {

    public UpstreamProperties {
        queue = replicas("queue", "ONSALE_QUEUE_URL", queue);
        inventory = replicas("inventory", "ONSALE_INVENTORY_URL", inventory);
        booking = replicas("booking", "ONSALE_BOOKING_URL", booking);
        payment = replicas("payment", "ONSALE_PAYMENT_URL", payment);
        if (answerDeadline == null || answerDeadline.isNegative() || answerDeadline.isZero()) {
            throw new IllegalArgumentException("onsale.upstream.answer-deadline must be positive");
        }
        if (answerGrace == null || answerGrace.isNegative()) {
            throw new IllegalArgumentException("onsale.upstream.answer-grace must not be negative");
        }
        if (replicaRest == null || replicaRest.isNegative()) {
            throw new IllegalArgumentException("onsale.upstream.replica-rest must not be negative");
        }
    }

    private static List<URI> replicas(String name, String env, List<URI> uris) {
        String setting = "onsale.upstream." + name + " (" + env + ")";
        if (uris == null || uris.isEmpty()) {
            throw new IllegalArgumentException(setting
                    + " must name a service's base URL, such as http://127.0.0.1:8081, or several, comma-separated");
        }
        for (URI uri : uris) {
            if (uri == null) {
                throw new IllegalArgumentException(setting + " has an empty entry in its comma-separated list");
            }
            if (!isBaseUrl(uri)) {
                throw new IllegalArgumentException(setting + " has '" + uri
                        + "', which is not a base URL: http or https, a host, an optional port, no path or query");
            }
        }
        return List.copyOf(uris);
    }

    private static boolean isBaseUrl(URI uri) {
        return ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                && uri.getHost() != null
                && uri.getRawUserInfo() == null
                && (uri.getRawPath() == null
                        || uri.getRawPath().isEmpty()
                        || uri.getRawPath().equals("/"))
                && uri.getRawQuery() == null
                && uri.getRawFragment() == null;
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
