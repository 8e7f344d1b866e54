package dev.onsale.gateway.routing;

import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.GATEWAY_REQUEST_URL_ATTR;
import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR;

import java.net.URI;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.RouteToRequestUrlFilter;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.support.ServerWebExchangeUtils;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Sends a forwarded request to one replica of its route's service: the route names the service's
 * {@link ServiceReplicas} in its metadata ({@link #REPLICAS}, {@link Routes}), and this filter puts the chosen
 * replica's scheme, host and port into the URL the route made ({@code GATEWAY_REQUEST_URL_ATTR}), path and query kept.
 * A service of one replica is left as the route made it, its only URL: no choice, no cost.
 *
 * <p>A request whose connection to the chosen replica fails (refused, or not made within the connect timeout) rests
 * that replica and is sent once more, to another replica ({@link ServiceReplicas#call}). Decided so rather than
 * answered 503: nothing reached the first replica, so even a POST is received at most once, and its body, not read
 * yet, is read for the second; a replica killed on the machine refuses at once, so the retry costs the buyer well
 * under a millisecond instead of a {@code Retry-After} and a second request for every call that meets the replica
 * before its rest. A second failure, or a failure after the request went out (a timeout, a closed connection: the
 * service may have acted), is not retried and is answered 503 {@code service-unavailable} as for one replica
 * ({@code ProblemExceptionHandler}, {@link UpstreamFailureFilter}).
 *
 * <p>Order: after {@link RouteToRequestUrlFilter} has made the URL and the identity signer has signed its path (the
 * host is not signed), at the place Spring Cloud's own load-balancer filter takes (10150), before the Netty routing
 * filter, which forwards and which a retry runs again.
 */
@Component
class ReplicaChoiceFilter implements GlobalFilter, Ordered {

    /** The route metadata key whose value is the route's service as its {@link ServiceReplicas}. */
    static final String REPLICAS = "onsale-replicas";

    static final int ORDER = RouteToRequestUrlFilter.ROUTE_TO_URL_FILTER_ORDER + 150;

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        Route route = exchange.getAttribute(GATEWAY_ROUTE_ATTR);
        URI routed = exchange.getAttribute(GATEWAY_REQUEST_URL_ATTR);
        if (route == null
                || routed == null
                || !(route.getMetadata().get(REPLICAS) instanceof ServiceReplicas replicas)
                || replicas.size() == 1) {
            return chain.filter(exchange);
        }
        String pathAndQuery =
                routed.getRawQuery() == null ? routed.getRawPath() : routed.getRawPath() + "?" + routed.getRawQuery();
        return replicas.call(replica -> {
            // a retry forwards again: the Netty routing filter forwards only a request not marked routed
            ServerWebExchangeUtils.removeAlreadyRouted(exchange);
            exchange.getAttributes().put(GATEWAY_REQUEST_URL_ATTR, URI.create(replica + pathAndQuery));
            return chain.filter(exchange);
        });
    }
}
