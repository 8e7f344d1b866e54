package dev.onsale.booking.event;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A rendered JSON response and its strong ETag (a hash of exactly these bytes), or the fact that the
 * event does not exist ({@link #notFound()}; cached too, so unknown ids cannot bypass the cache).
 */
public record CachedJson(byte[] body, String etag) {

    private static final CachedJson NOT_FOUND = new CachedJson(null, null);
    private static final int ETAG_HEX_CHARS = 32;

    static CachedJson of(byte[] body) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(body);
            return new CachedJson(body, '"' + HexFormat.of().formatHex(hash).substring(0, ETAG_HEX_CHARS) + '"');
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    static CachedJson notFound() {
        return NOT_FOUND;
    }

    public boolean found() {
        return body != null;
    }

    /** Whether an {@code If-None-Match} header value names this response (strong or weak comparison, or *). */
    public boolean matches(String ifNoneMatch) {
        if (ifNoneMatch == null || !found()) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String t = tag.trim();
            if (t.equals("*") || t.equals(etag) || t.equals("W/" + etag)) {
                return true;
            }
        }
        return false;
    }
}
