package dev.onsale.launcher;

import java.security.SecureRandom;
import java.util.HexFormat;

/** Per-run HMAC keys for session and admission tokens: neither outlives the stack that issued it. */
final class SessionKeys {

    private static final SecureRandom RANDOM = new SecureRandom();

    private SessionKeys() {}

    /** 32 random bytes, hex encoded (64 characters). */
    static String random() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return HexFormat.of().formatHex(key);
    }
}
