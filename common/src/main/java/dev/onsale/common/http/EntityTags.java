package dev.onsale.common.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Entity tags of documents served to many readers, and the {@code If-None-Match} test (RFC 9110, weak comparison). */
public final class EntityTags {

    private EntityTags() {}

    /**
     * A weak tag over {@code content}: the parts of a document that say something, without the time it was read,
     * so that a document that did not change keeps its tag and its readers get 304.
     */
    public static String weak(String content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8));
            return "W/\"" + HexFormat.of().formatHex(digest, 0, 16) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

    /** Whether {@code ifNoneMatch} (a header value: {@code *} or a list of tags) names {@code tag}, weakly. */
    public static boolean matches(String ifNoneMatch, String tag) {
        if (ifNoneMatch == null || tag == null) {
            return false;
        }
        String opaque = opaque(tag);
        for (String candidate : ifNoneMatch.split(",")) {
            String trimmed = candidate.trim();
            if (trimmed.equals("*") || opaque(trimmed).equals(opaque)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }
}
