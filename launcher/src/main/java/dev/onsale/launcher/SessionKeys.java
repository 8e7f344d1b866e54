package dev.onsale.launcher;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Per-run HMAC keys for session tokens: sessions do not outlive the stack that issued them. */
final class SessionKeys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SessionKeys() {
    }

    /** 32 random bytes, hex encoded (64 characters). */
    static String random() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return HexFormat.of().formatHex(key);
    }
}
