package dev.onsale.gateway.identity;

import dev.onsale.common.token.SessionTokenCodec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import org.springframework.stereotype.Component;

/**
 * Verifies the {@code Authorization} header. Operator tokens are compared in constant time over their
 * SHA-256 digests, so neither content nor length leaks through timing; both are always compared.
 */
@Component
class Credentials {

    private static final String BEARER = "bearer ";

    private final SessionTokenCodec sessions;
    private final Clock clock;
    private final byte[] adminDigest;
    private final byte[] auditorDigest;

    Credentials(SessionTokenCodec sessions, Clock clock, IdentityProperties properties) {
        this.sessions = sessions;
        this.clock = clock;
        this.adminDigest = sha256(properties.adminToken());
        this.auditorDigest = sha256(properties.auditorToken());
    }

    Caller resolve(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            return new Caller.Nobody();
        }
        if (authorization.length() <= BEARER.length()
                || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return new Caller.Unrecognized(true);
        }
        String token = authorization.substring(BEARER.length()).strip();
        byte[] digest = sha256(token);
        boolean admin = MessageDigest.isEqual(digest, adminDigest);
        boolean auditor = MessageDigest.isEqual(digest, auditorDigest);
        if (admin) {
            return new Caller.Operator(Caller.Role.ADMIN);
        }
        if (auditor) {
            return new Caller.Operator(Caller.Role.AUDITOR);
        }
        return sessions.verify(token, clock.instant())
                .<Caller>map(session -> new Caller.Buyer(session.sessionId()))
                .orElseGet(Caller.Unrecognized::new);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }
}
