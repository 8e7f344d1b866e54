package dev.onsale.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.GATEWAY_ALREADY_ROUTED_ATTR;
import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.springframework.cloud.gateway.route.Route;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

/** Where the answer deadline says a request without an answer was held. */
class AnswerDeadlineStageTest {

    private final MockServerWebExchange exchange =
            MockServerWebExchange.from(MockServerHttpRequest.post("/api/events/e/holds"));

    @Test
    void aRequestTheLimiterNeverSawIsHeldBeforeIt() {
        assertThat(AnswerDeadlineFilter.stage(exchange))
                .isEqualTo("not routed yet: no route matched yet; the rate limiter not reached");
    }

    @Test
    void aMatchedRouteAndAForwardedRequestAreNamed() {
        exchange.getAttributes()
                .put(
                        GATEWAY_ROUTE_ATTR,
                        Route.async()
                                .id("inventory")
                                .uri(URI.create("http://localhost:8082"))
                                .predicate(any -> true)
                                .build());
        assertThat(AnswerDeadlineFilter.stage(exchange)).isEqualTo("not routed yet: a route matched, not forwarded");

        exchange.getAttributes().put(GATEWAY_ALREADY_ROUTED_ATTR, true);
        assertThat(AnswerDeadlineFilter.stage(exchange)).isEqualTo("routed: waiting for a connection or the service");
    }
}
