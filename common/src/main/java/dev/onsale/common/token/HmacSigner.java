package dev.onsale.common.token;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 over a text, with key rotation: signs with the current key, accepts a signature made
 * by the current or any previous key. Comparisons are constant-time. Thread-safe.
 */
public final class HmacSigner {

    private static final String ALGORITHM = "HmacSHA256";
    /** Fewer bytes than this make a key guessable; refuse them at start-up, not at first use. */
    public static final int MIN_KEY_BYTES = 32;

    private final SecretKeySpec current;
    private final List<SecretKeySpec> accepted;

    /**
     * @param currentKey   signs and verifies; at least {@link #MIN_KEY_BYTES} bytes of UTF-8
     * @param previousKeys still verify during a rotation; blank entries are ignored
     */
    public HmacSigner(String currentKey, List<String> previousKeys) {
        this.current = key(currentKey);
        List<SecretKeySpec> keys = new ArrayList<>();
        keys.add(current);
        for (String previous : previousKeys) {
            if (previous != null && !previous.isBlank()) {
                keys.add(key(previous));
            }
        }
        this.accepted = List.copyOf(keys);
    }

    public HmacSigner(String currentKey) {
        this(currentKey, List.of());
    }

    /** Base64url (no padding) HMAC of {@code text} under the current key. */
    public String sign(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(current, text));
    }

    /**
     * Whether {@code signature} is exactly the base64url (unpadded) HMAC of {@code text} under any
     * accepted key. The encoded strings are compared, not decoded bytes: a decoder ignores the unused
     * low bits of the last character and accepts padding, so several strings would decode to one
     * signature and a token would not have a single spelling.
     */
    public boolean verify(String text, String signature) {
        if (signature == null) {
            return false;
        }
        byte[] given = signature.getBytes(StandardCharsets.US_ASCII);
        boolean ok = false;
        for (SecretKeySpec key : accepted) {
            byte[] expected = Base64.getUrlEncoder()
                    .withoutPadding()
                    .encodeToString(mac(key, text))
                    .getBytes(StandardCharsets.US_ASCII);
            ok |= MessageDigest.isEqual(expected, given);
        }
        return ok;
    }

    /** Lower-case hex HMAC under the current key, the form webhook signatures use. */
    public String signHex(String text) {
        return java.util.HexFormat.of().formatHex(mac(current, text));
    }

    private static SecretKeySpec key(String secret) {
        if (secret == null || secret.getBytes(StandardCharsets.UTF_8).length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("HMAC key must be at least " + MIN_KEY_BYTES + " bytes");
        }
        return new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    private static byte[] mac(SecretKeySpec key, String text) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
