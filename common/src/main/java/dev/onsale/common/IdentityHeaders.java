package dev.onsale.common;

/**
 * HTTP headers by which the gateway tells the services who is calling. The gateway strips any
 * client-sent copy of them and signs what it sets ({@link #SIGNATURE}); services believe them only
 * when that signature verifies, and refuse a request carrying any of them unsigned.
 */
public final class IdentityHeaders {

    /** The buyer's session id (a UUID), set for calls carrying a valid session token. */
    public static final String BUYER = "X-Onsale-Buyer";
    /** {@code admin} or {@code auditor}, set for calls carrying an operator token. */
    public static final String ROLE = "X-Onsale-Role";
    /**
     * The admission id (a UUID) of the verified admission token of a hold request: the gateway set it
     * after checking the token's signature, expiry, event and session.
     */
    public static final String ADMISSION = "X-Onsale-Admission";
    /**
     * When the gateway stops waiting for the answer to this request, in epoch milliseconds: a service
     * that cannot finish its work before then must not start it (the buyer would be told 503 while
     * the work went through). Set by the gateway on requests whose work must not outlive the answer.
     */
    public static final String DEADLINE = "X-Onsale-Deadline";
    /**
     * The gateway's signature over {@link #BUYER}, {@link #ROLE}, {@link #ADMISSION}, {@link #DEADLINE}, the
     * method and the path, with its time: {@code t=<epoch millis>,v1=<hmac>} (see
     * {@link dev.onsale.common.token.GatewaySignature}).
     */
    public static final String SIGNATURE = "X-Onsale-Signature";
    /** Correlation id created by the gateway for every request and logged by every service. */
    public static final String CORRELATION_ID = "X-Correlation-Id";

    public static final String ROLE_ADMIN = "admin";
    public static final String ROLE_AUDITOR = "auditor";
    /** The gateway's own calls for many buyers at once (the batched arrivals' joins); no client's token maps to it. */
    public static final String ROLE_GATEWAY = "gateway";

    private IdentityHeaders() {}
}
