package dev.onsale.gateway;

import dev.onsale.common.token.AdmissionToken;
import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.HmacSigner;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/** Admission tokens as queue-service issues them, signed with the keys the test gateway accepts. */
final class AdmissionTokens {

    /** The gateway's local default, which queue-service shares. */
    static final String KEY = "local-only-admission-key-change-me-in-production";
    /** Configured as the test gateway's previous key, as during a rotation. */
    static final String PREVIOUS_KEY = "the-previous-admission-key-still-valid-in-rotation";

    private AdmissionTokens() {}

    /** A live admission of the session behind {@code sessionToken} to {@code eventId}. */
    static String issue(String sessionToken, String eventId) {
        return issue(
                KEY,
                sessionIdOf(sessionToken),
                UUID.fromString(eventId),
                Instant.now().plus(Duration.ofMinutes(10)));
    }

    static String issue(String key, UUID sessionId, UUID eventId, Instant expiresAt) {
        return new AdmissionTokenCodec(new HmacSigner(key))
                .encode(new AdmissionToken(
                        UUID.randomUUID(), sessionId, eventId, expiresAt.truncatedTo(ChronoUnit.SECONDS)));
    }

    /** The admission id a token carries. */
    static String admissionIdOf(String admissionToken) {
        return admissionToken.split("\\.")[1];
    }

    static UUID sessionIdOf(String sessionToken) {
        return UUID.fromString(sessionToken.split("\\.")[1]);
    }
}
