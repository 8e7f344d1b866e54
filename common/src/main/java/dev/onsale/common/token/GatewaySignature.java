package dev.onsale.common.token;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The gateway's signature over what it tells a service about a request: who is calling, the method and path
 * the assertion is good for, and when it was made. Carried in {@code X-Onsale-Signature} as
 * {@code t=<epoch millis>,v1=<base64url HMAC-SHA256>}; the HMAC covers
 * <pre>
 * onsale-identity-v1 LF t LF METHOD LF raw-path LF buyer LF role LF admission LF deadline
 * </pre>
 * with an absent value as the empty string. Only the gateway and the services hold the key (current plus
 * previous ones during a rotation), so a header written by anyone else on the path, or an assertion moved to
 * another method or path, or kept beyond {@code maxAge}, does not verify. Within the window an assertion can be
 * replayed on its own method and path only, which gives the replayer nothing the original caller did not have.
 * Thread-safe.
 */
public final class GatewaySignature {

    private static final String DOMAIN = "onsale-identity-v1";
    private static final String TIME = "t=";
    private static final String VERSION = "v1=";

    /**
     * What is asserted about one request. {@code path} is the raw (still percent-encoded) path the service
     * receives, without the query; every other value may be null when it does not apply.
     */
    public record Claims(String method, String path, String buyer, String role, String admission, String deadline) {

        public Claims {
            Objects.requireNonNull(method, "method");
            Objects.requireNonNull(path, "path");
        }

        /** Whether the request carries any identity at all (a signature over none still binds method and path). */
        public boolean identifiesSomeone() {
            return buyer != null || role != null || admission != null || deadline != null;
        }

        String text(long epochMillis) {
            return String.join(
                    "\n",
                    DOMAIN,
                    Long.toString(epochMillis),
                    method,
                    path,
                    nonNull(buyer),
                    nonNull(role),
                    nonNull(admission),
                    nonNull(deadline));
        }

        private static String nonNull(String value) {
            return value == null ? "" : value;
        }
    }

    /** The outcome of a check; every outcome but {@code VALID} is a refusal. */
    public enum Outcome {
        VALID,
        /** No signature header. */
        MISSING,
        /** A header that is not {@code t=<digits>,v1=<signature>}, or a claim that cannot be a header value. */
        MALFORMED,
        /** Signed by no accepted key, or signed for other claims (another caller, method or path). */
        FORGED,
        /** Signed longer than {@code maxAge} ago. */
        EXPIRED,
        /** Signed further in the future than the clocks may disagree. */
        FROM_THE_FUTURE
    }

    private final HmacSigner signer;
    private final Duration maxAge;
    private final Duration maxClockSkew;

    /**
     * @param signer       the shared key (and, when verifying, previous keys)
     * @param maxAge       how long after signing an assertion is still accepted
     * @param maxClockSkew how far ahead of the verifier's clock the signer's may be
     */
    public GatewaySignature(HmacSigner signer, Duration maxAge, Duration maxClockSkew) {
        this.signer = Objects.requireNonNull(signer, "signer");
        if (maxAge.isNegative() || maxAge.isZero() || maxClockSkew.isNegative()) {
            throw new IllegalArgumentException("maxAge must be positive and maxClockSkew not negative");
        }
        this.maxAge = maxAge;
        this.maxClockSkew = maxClockSkew;
    }

    /** The header value asserting {@code claims} at {@code at}, under the current key. */
    public String sign(Claims claims, Instant at) {
        return sign(signer, claims, at);
    }

    /** The header value asserting {@code claims} at {@code at}, under {@code signer}'s current key: the gateway's side. */
    public static String sign(HmacSigner signer, Claims claims, Instant at) {
        long t = at.toEpochMilli();
        return TIME + t + "," + VERSION + signer.sign(claims.text(t));
    }

    /** Checks {@code header} against the claims the request actually carries, at the verifier's {@code now}. */
    public Outcome verify(String header, Claims claims, Instant now) {
        if (header == null || header.isBlank()) {
            return Outcome.MISSING;
        }
        int comma = header.indexOf(',');
        if (!header.startsWith(TIME) || comma < 0 || !header.startsWith(VERSION, comma + 1)) {
            return Outcome.MALFORMED;
        }
        String time = header.substring(TIME.length(), comma);
        if (time.isEmpty() || time.length() > 18 || !time.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Outcome.MALFORMED;
        }
        if (hasLineBreak(claims)) {
            return Outcome.MALFORMED;
        }
        long t = Long.parseLong(time);
        // the signature first: a forged header learns nothing about the window
        if (!signer.verify(claims.text(t), header.substring(comma + 1 + VERSION.length()))) {
            return Outcome.FORGED;
        }
        long age = now.toEpochMilli() - t;
        if (age > maxAge.toMillis()) {
            return Outcome.EXPIRED;
        }
        if (-age > maxClockSkew.toMillis()) {
            return Outcome.FROM_THE_FUTURE;
        }
        return Outcome.VALID;
    }

    private static boolean hasLineBreak(Claims claims) {
        for (String value : new String[] {
            claims.method(), claims.path(), claims.buyer(), claims.role(), claims.admission(), claims.deadline()
        }) {
            if (value != null && (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0)) {
                return true;
            }
        }
        return false;
    }
}
