package dev.onsale.payment.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks {@code Onsale-Signature: t=<unix>,v1=<hex>[,v1=<hex>...]} against the exact bytes received: valid when any
 * {@code v1} equals HMAC-SHA256(key, "&lt;t&gt;." + body) for any accepted key, and {@code t} is within the tolerance
 * of our clock (either way). Comparisons take the same time whichever byte differs and whichever candidate or key
 * matches: every candidate is compared with every key's digest, in full. Items other than {@code t} and
 * {@code v1} (other schemes) are ignored. Thread-safe.
 */
final class SignatureVerifier {

    /** Longest header considered; beyond it the header is garbled. */
    static final int MAX_HEADER_LENGTH = 4096;
    /** Most {@code v1} values considered (one per key in rotation); beyond it the header is garbled. */
    static final int MAX_SIGNATURES = 16;
    /** Digits of a unix time in seconds, at most. */
    private static final int MAX_TIMESTAMP_DIGITS = 12;

    private static final String ALGORITHM = "HmacSHA256";
    private static final int DIGEST_BYTES = 32;

    private final List<SecretKeySpec> keys;
    private final Duration tolerance;
    private final Clock clock;

    SignatureVerifier(List<String> secrets, Duration tolerance, Clock clock) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one secret is needed");
        }
        this.keys = secrets.stream()
                .map(secret -> new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM))
                .toList();
        this.tolerance = tolerance;
        this.clock = clock;
    }

    /** The verdict on {@code body} as it arrived under {@code header} (null when absent). */
    Verdict verify(String header, byte[] body) {
        Header parsed = Header.parse(header);
        if (parsed == null) {
            return Verdict.GARBLED;
        }
        byte[] signedPrefix = (parsed.timestamp() + ".").getBytes(StandardCharsets.US_ASCII);
        boolean matched = false;
        for (SecretKeySpec key : keys) {
            byte[] expected = hmac(key, signedPrefix, body);
            for (byte[] candidate : parsed.signatures()) {
                matched |= MessageDigest.isEqual(expected, candidate);
            }
        }
        if (!matched) {
            return Verdict.MISMATCH;
        }
        long skew = Math.abs(clock.instant().getEpochSecond() - Long.parseLong(parsed.timestamp()));
        return skew > tolerance.toSeconds() ? Verdict.STALE : Verdict.VALID;
    }

    private static byte[] hmac(SecretKeySpec key, byte[] prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            mac.update(prefix);
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has " + ALGORITHM, e);
        }
    }

    enum Verdict {
        /** Signed with an accepted key, within the tolerance. */
        VALID,
        /** No header, or not of the form {@code t=<digits>,v1=<64 hex>[,...]}. */
        GARBLED,
        /** Well formed, but no {@code v1} is the digest of this body under any accepted key. */
        MISMATCH,
        /** Genuinely signed, but its timestamp is further from our clock than the tolerance. */
        STALE
    }

    /** {@code timestamp}: the digits exactly as sent (they are part of what was signed). */
    private record Header(String timestamp, List<byte[]> signatures) {

        static Header parse(String header) {
            if (header == null || header.isEmpty() || header.length() > MAX_HEADER_LENGTH) {
                return null;
            }
            String timestamp = null;
            List<byte[]> signatures = new ArrayList<>();
            for (String item : header.split(",", -1)) {
                int equals = item.indexOf('=');
                if (equals < 1) {
                    return null;
                }
                String name = item.substring(0, equals).strip();
                String value = item.substring(equals + 1).strip();
                switch (name) {
                    case "t" -> {
                        if (timestamp != null || !digits(value)) {
                            return null;
                        }
                        timestamp = value;
                    }
                    case "v1" -> {
                        byte[] digest = digest(value);
                        if (digest == null || signatures.size() == MAX_SIGNATURES) {
                            return null;
                        }
                        signatures.add(digest);
                    }
                    default -> {}
                }
            }
            return timestamp == null || signatures.isEmpty() ? null : new Header(timestamp, List.copyOf(signatures));
        }

        private static boolean digits(String value) {
            return !value.isEmpty()
                    && value.length() <= MAX_TIMESTAMP_DIGITS
                    && value.chars().allMatch(c -> c >= '0' && c <= '9');
        }

        private static byte[] digest(String hex) {
            if (hex.length() != 2 * DIGEST_BYTES) {
                return null;
            }
            try {
                return HexFormat.of().parseHex(hex);
            } catch (IllegalArgumentException notHex) {
                return null;
            }
        }
    }
}
