package dev.onsale.gateway.routing;

import static org.springframework.cloud.gateway.support.RouteMetadataUtils.CONNECT_TIMEOUT_ATTR;
import static org.springframework.cloud.gateway.support.RouteMetadataUtils.RESPONSE_TIMEOUT_ATTR;

import java.util.Map;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.Buildable;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.cloud.gateway.route.builder.UriSpec;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The route table. Routes are tried top to bottom; the first whose paths match wins, so the narrower
 * paths come first. A path no route names gets 404 {@code not-found}. The gateway itself serves
 * {@code /api/sessions}, {@code /problems/**}, {@code /actuator/**} and the waiting room pages
 * ({@code /wait/*}, {@code /events/*}{@code /admitted}, {@code /assets/*}). A route names its service; the
 * replica a request goes to is chosen per request ({@link ReplicaChoiceFilter}).
 */
@Configuration(proxyBeanMethods = false)
class Routes {

    @Bean
    RouteLocator onsaleRoutes(RouteLocatorBuilder builder, UpstreamProperties upstream, Upstreams services) {
        Map<String, Object> timeouts = Map.of(
                CONNECT_TIMEOUT_ATTR,
                (int) upstream.connectTimeout().toMillis(),
                // none on the route: the deadline is the upstream client's own (UpstreamClientConfiguration)
                RESPONSE_TIMEOUT_ATTR,
                -1L);
        return builder.routes()
                .route("queue-admission", r -> to(r.path("/admin/events/*/admission"), timeouts, services.queue()))
                .route("queue", r -> to(r.path("/api/queue/**"), timeouts, services.queue()))
                .route(
                        "inventory",
                        r -> to(
                                r.path("/api/events/*/availability", "/api/events/*/holds"),
                                timeouts,
                                services.inventory()))
                .route(
                        "booking",
                        r -> to(
                                r.path(
                                        "/api/events/**",
                                        "/api/orders/**",
                                        "/admin/events/**",
                                        "/admin/reconciliation/**",
                                        "/audit/**"),
                                timeouts,
                                services.booking()))
                .route("payment-webhooks", r -> to(r.path("/webhooks/payments"), timeouts, services.payment()))
                .build();
    }

    /** To the service's first replica, which is its only one unless {@link ReplicaChoiceFilter} chooses another. */
    private static Buildable<Route> to(UriSpec route, Map<String, Object> timeouts, ServiceReplicas service) {
        return route.metadata(timeouts)
                .metadata(ReplicaChoiceFilter.REPLICAS, service)
                .uri(service.first());
    }
}
