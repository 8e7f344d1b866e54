package dev.onsale.common.token;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Encodes and verifies buyer session tokens: {@code s1.<sessionId>.<expiresAtEpochSeconds>.<hmac>}.
 * The HMAC covers everything before the last dot, so neither the id nor the expiry can be changed.
 * A token is valid while {@code now < expiresAt}.
 */
public final class SessionTokenCodec {

    private static final String VERSION = "s1";

    private final HmacSigner signer;

    public SessionTokenCodec(HmacSigner signer) {
        this.signer = signer;
    }

    public String encode(SessionToken token) {
        String body =
                VERSION + "." + token.sessionId() + "." + token.expiresAt().getEpochSecond();
        return body + "." + signer.sign(body);
    }

    /** The session, if the token is well-formed, signed by an accepted key and not expired at {@code now}. */
    public Optional<SessionToken> verify(String token, Instant now) {
        if (token == null) {
            return Optional.empty();
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != 4 || !VERSION.equals(parts[0])) {
            return Optional.empty();
        }
        String body = parts[0] + "." + parts[1] + "." + parts[2];
        if (!signer.verify(body, parts[3])) {
            return Optional.empty();
        }
        try {
            UUID sessionId = UUID.fromString(parts[1]);
            Instant expiresAt = Instant.ofEpochSecond(Long.parseLong(parts[2]));
            return now.isBefore(expiresAt) ? Optional.of(new SessionToken(sessionId, expiresAt)) : Optional.empty();
        } catch (IllegalArgumentException | java.time.DateTimeException malformed) {
            return Optional.empty();
        }
    }
}
