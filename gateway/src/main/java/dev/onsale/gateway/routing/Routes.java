package dev.onsale.gateway.routing;

import static org.springframework.cloud.gateway.support.RouteMetadataUtils.CONNECT_TIMEOUT_ATTR;
import static org.springframework.cloud.gateway.support.RouteMetadataUtils.RESPONSE_TIMEOUT_ATTR;

import java.util.Map;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The route table. Routes are tried top to bottom; the first whose paths match wins, so the narrower
 * paths come first. A path no route names gets 404 {@code not-found}. The gateway itself serves
 * {@code /api/sessions}, {@code /problems/**}, {@code /actuator/**} and the waiting room pages
 * ({@code /wait/*}, {@code /events/*}{@code /admitted}, {@code /assets/*}).
 */
@Configuration(proxyBeanMethods = false)
class Routes {

    @Bean
    RouteLocator onsaleRoutes(RouteLocatorBuilder builder, UpstreamProperties upstream) {
        Map<String, Object> timeouts = Map.of(
                CONNECT_TIMEOUT_ATTR,
                (int) upstream.connectTimeout().toMillis(),
                // none on the route: the deadline is the upstream client's own (UpstreamClientConfiguration)
                RESPONSE_TIMEOUT_ATTR,
                -1L);
        return builder.routes()
                .route(
                        "queue-admission",
                        r -> r.path("/admin/events/*/admission")
                                .metadata(timeouts)
                                .uri(upstream.queue()))
                .route("queue", r -> r.path("/api/queue/**").metadata(timeouts).uri(upstream.queue()))
                .route(
                        "inventory",
                        r -> r.path("/api/events/*/availability", "/api/events/*/holds")
                                .metadata(timeouts)
                                .uri(upstream.inventory()))
                .route(
                        "booking",
                        r -> r.path(
                                        "/api/events/**",
                                        "/api/orders/**",
                                        "/admin/events/**",
                                        "/admin/reconciliation/**",
                                        "/audit/**")
                                .metadata(timeouts)
                                .uri(upstream.booking()))
                .route(
                        "payment-webhooks",
                        r -> r.path("/webhooks/payments").metadata(timeouts).uri(upstream.payment()))
                .build();
    }
}
