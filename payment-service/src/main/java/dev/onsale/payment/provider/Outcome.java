package dev.onsale.payment.provider;

/** How one attempted provider call ended, as tagged on the meters. */
public enum Outcome {
    /** A 2xx with a readable body. */
    ACCEPTED,
    /** 429: over the acquirer's rate; retried after its Retry-After. */
    RATE_LIMITED,
    /** No answer in time, or the connection failed: the request may or may not have been applied. */
    TIMEOUT,
    /** 5xx (nothing created), or a 2xx we could not read. */
    SERVER_ERROR,
    /**
     * 401 or 403: the acquirer refuses our merchant credentials. Our configuration is wrong, not the payment:
     * retried (the breaker stops the hammering), never failed for the buyer.
     */
    UNAUTHORIZED,
    /** 408, 409 or 425: the acquirer asks us to try again (e.g. a request with this key is still in progress). */
    TRY_AGAIN,
    /** Any other 4xx: the acquirer refuses this request for good. */
    REJECTED,
    /** Not made: the circuit breaker was open. */
    BREAKER_OPEN;

    public String tag() {
        return name().toLowerCase();
    }

    /** Whether the outcome counts against the provider in the circuit breaker. */
    boolean providerFailure() {
        return this == TIMEOUT || this == SERVER_ERROR || this == UNAUTHORIZED;
    }
}
