package dev.onsale.benchmarks;

import java.time.Instant;
import java.util.Base64;
import java.util.Random;
import java.util.UUID;

/**
 * The admission tokens a bot tries a hold with, having skipped the line: none at all, one it made up in the right
 * shape ({@code a1.<admission>.<session>.<event>.<expiry>.<hmac>}, signed with random bytes), a real one of another
 * buyer rewritten to name its own session (the signature kept), and another buyer's real one as it is. The gateway
 * must refuse each: missing, badly signed, badly signed, and another session's.
 */
final class BotTokens {

    /** A way to present an admission one does not have. */
    enum Trick {
        NONE("without a token", false),
        FORGED("forged", false),
        TAMPERED("tampered", true),
        OTHER_SESSION("another session's", true);

        private final String label;
        private final boolean needsLeak;

        Trick(String label, boolean needsLeak) {
            this.label = label;
            this.needsLeak = needsLeak;
        }

        String label() {
            return label;
        }

        /** Whether the trick starts from an honest buyer's token. */
        boolean needsLeak() {
            return needsLeak;
        }
    }

    private BotTokens() {}

    /**
     * The token {@code trick} sends for a bot of session token {@code session} at {@code eventId}; null for
     * {@link Trick#NONE}. {@code leaked} is an honest buyer's token, needed by the tricks that start from one.
     */
    static String token(Trick trick, UUID eventId, String session, String leaked, Random random, Instant now) {
        return switch (trick) {
            case NONE -> null;
            case FORGED -> forged(eventId, sessionId(session), random, now);
            case TAMPERED -> tampered(required(leaked, trick), sessionId(session));
            case OTHER_SESSION -> required(leaked, trick);
        };
    }

    /** The session id a session token ({@code s1.<sessionId>.<expiry>.<hmac>}) names; a random one if it names none. */
    static String sessionId(String sessionToken) {
        String[] parts = sessionToken == null ? new String[0] : sessionToken.split("\\.", -1);
        if (parts.length == 4) {
            try {
                return UUID.fromString(parts[1]).toString();
            } catch (IllegalArgumentException e) {
                // not a session id: made up below, which the gateway refuses the same
            }
        }
        return UUID.randomUUID().toString();
    }

    /** A token in the right shape for this session and event, valid for ten minutes, signed with random bytes. */
    static String forged(UUID eventId, String sessionId, Random random, Instant now) {
        byte[] signature = new byte[32];
        random.nextBytes(signature);
        return String.join(
                ".",
                "a1",
                new UUID(random.nextLong(), random.nextLong()).toString(),
                sessionId,
                eventId.toString(),
                Long.toString(now.plusSeconds(600).getEpochSecond()),
                Base64.getUrlEncoder().withoutPadding().encodeToString(signature));
    }

    /**
     * {@code leaked} naming {@code sessionId} instead of the session it was issued to, its signature kept; a token
     * that is not in the admission token's shape has the last character of its signature changed instead.
     */
    static String tampered(String leaked, String sessionId) {
        String[] parts = leaked.split("\\.", -1);
        if (parts.length == 6 && !parts[2].equals(sessionId)) {
            parts[2] = sessionId;
            return String.join(".", parts);
        }
        char last = leaked.charAt(leaked.length() - 1);
        return leaked.substring(0, leaked.length() - 1) + (last == 'A' ? 'B' : 'A');
    }

    private static String required(String leaked, Trick trick) {
        if (leaked == null) {
            throw new IllegalArgumentException("the " + trick.label() + " trick needs an honest buyer's token");
        }
        return leaked;
    }
}
