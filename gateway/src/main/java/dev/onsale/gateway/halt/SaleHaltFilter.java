package dev.onsale.gateway.halt;

import dev.onsale.gateway.catalog.Sales;
import dev.onsale.gateway.routing.EventIds;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.http.server.PathContainer;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

/**
 * Answers the buyers of a halted sale at once with 503 {@code sale-halted} and {@code Retry-After}:
 * joining and polling the waiting room and creating holds. Nothing is forwarded, no Redis is asked.
 * Orders and payments name no event in their path and are left to booking-service, which knows the
 * order's event. Runs right after the identity check, so a halt also spares the rate limiter.
 */
@Component
class SaleHaltFilter implements WebFilter, Ordered {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 15;

    private static final List<PathPattern> BUYER_CALLS = List.of(
            PathPatternParser.defaultInstance.parse("/api/queue/{eventId}/**"),
            PathPatternParser.defaultInstance.parse("/api/events/{eventId}/holds"));

    private final Sales sales;
    private final SaleHaltProperties properties;

    SaleHaltFilter(Sales sales, SaleHaltProperties properties) {
        this.sales = sales;
        this.properties = properties;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        PathContainer path = exchange.getRequest().getPath().pathWithinApplication();
        for (PathPattern pattern : BUYER_CALLS) {
            PathPattern.PathMatchInfo match = pattern.matchAndExtract(path);
            if (match != null) {
                if (EventIds.parse(match.getUriVariables().get("eventId"))
                        .filter(sales::isHalted)
                        .isPresent()) {
                    return Mono.error(properties.refusal());
                }
                break;
            }
        }
        return chain.filter(exchange);
    }
}
