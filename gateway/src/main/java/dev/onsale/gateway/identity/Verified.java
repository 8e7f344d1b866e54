package dev.onsale.gateway.identity;

import org.springframework.web.server.ServerWebExchange;

/**
 * The identity check's result, left on the exchange for the filters after it.
 *
 * @param requirement what the path demanded
 * @param caller      who was let through ({@link Caller.Nobody} on anonymous paths)
 */
public record Verified(Requirement requirement, Caller caller) {

    private static final String ATTRIBUTE = Verified.class.getName();

    void attachTo(ServerWebExchange exchange) {
        exchange.getAttributes().put(ATTRIBUTE, this);
    }

    /** The result for this exchange; anonymous when the identity filter has not run. */
    public static Verified of(ServerWebExchange exchange) {
        return exchange.getAttributeOrDefault(ATTRIBUTE, new Verified(Requirement.ANONYMOUS, new Caller.Nobody()));
    }
}
