package dev.onsale.gateway.identity;

/** What a request must carry to pass the gateway. */
public enum Requirement {
    /** Nothing; any credentials are ignored and no identity is forwarded. */
    ANONYMOUS,
    /**
     * The gateway's own management endpoints ({@code /actuator/**}: probes and metric scrapes): no
     * credentials, no rate limit, no identity work, no access log line; nothing is forwarded.
     */
    MANAGEMENT,
    /**
     * A public document the gateway answers from its own short-lived cache (an event's queue progress), the same
     * bytes for everyone: no credentials and no rate limit, since the answer costs no more than the limiter's own
     * Redis round trip would, and the origin sees one refresh per second per event whoever asks.
     */
    PUBLIC_DOCUMENT,
    /** The payment provider's callback: no credentials, no rate limit, body untouched. */
    WEBHOOK,
    /** A valid buyer session token; forwards {@code X-Onsale-Buyer}. */
    BUYER,
    /** The admin token; forwards {@code X-Onsale-Role: admin}. */
    ADMIN,
    /** The auditor or the admin token; forwards the matching {@code X-Onsale-Role}. */
    AUDITOR
}
