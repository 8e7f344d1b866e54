package dev.onsale.gateway.ratelimit;

import org.springframework.web.server.ServerWebExchange;

/**
 * How far a request got through the rate limiter, left on the exchange so that the answer deadline can say where a
 * request that never got an answer was held.
 */
public final class RateLimitStage {

    private static final String ATTRIBUTE = RateLimitStage.class.getName();

    static final String ASKED = "asked Redis";
    static final String DECIDED = "decided";

    private RateLimitStage() {}

    static void mark(ServerWebExchange exchange, String stage) {
        exchange.getAttributes().put(ATTRIBUTE, stage);
    }

    /** {@code asked Redis}, {@code decided}, or {@code not reached} when the limiter has not seen the request. */
    public static String of(ServerWebExchange exchange) {
        return exchange.getAttributeOrDefault(ATTRIBUTE, "not reached");
    }
}
