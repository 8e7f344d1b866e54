package dev.onsale.common.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SessionTokenCodecTest {

    private static final String KEY = "test-key-0123456789-0123456789-0123456789";
    private static final String OLD_KEY = "old-key-0123456789-0123456789-0123456789";
    private final Instant now = Instant.parse("2026-12-01T10:00:00Z");
    private final SessionToken session = new SessionToken(UUID.randomUUID(), now.plusSeconds(3600));

    @Test
    void aTokenItIssuedVerifiesToTheSameSession() {
        SessionTokenCodec codec = new SessionTokenCodec(new HmacSigner(KEY));
        assertThat(codec.verify(codec.encode(session), now)).contains(session);
    }

    @Test
    void anExpiredTokenIsRefused() {
        SessionTokenCodec codec = new SessionTokenCodec(new HmacSigner(KEY));
        String token = codec.encode(session);
        assertThat(codec.verify(token, session.expiresAt())).isEmpty();
        assertThat(codec.verify(token, session.expiresAt().minusSeconds(1))).isPresent();
    }

    @Test
    void changingAnyPartOfTheTokenBreaksTheSignature() {
        SessionTokenCodec codec = new SessionTokenCodec(new HmacSigner(KEY));
        String token = codec.encode(session);
        String otherId =
                token.replace(session.sessionId().toString(), UUID.randomUUID().toString());
        String longerExpiry = token.replace(
                "." + session.expiresAt().getEpochSecond() + ".",
                "." + (session.expiresAt().getEpochSecond() + 86400) + ".");
        assertThat(codec.verify(otherId, now)).isEmpty();
        assertThat(codec.verify(longerExpiry, now)).isEmpty();
        assertThat(codec.verify(token + "x", now)).isEmpty();
    }

    @Test
    void malformedTokensAreRefusedWithoutThrowing() {
        SessionTokenCodec codec = new SessionTokenCodec(new HmacSigner(KEY));
        for (String junk : new String[] {null, "", "s1", "s1.a.b.c", "s1...", "x.y.z.w.v", "s1.not-a-uuid.1.%%%"}) {
            assertThat(codec.verify(junk, now)).as(String.valueOf(junk)).isEmpty();
        }
    }

    @Test
    void aTokenSignedWithThePreviousKeyStillVerifiesDuringRotation() {
        String oldToken = new SessionTokenCodec(new HmacSigner(OLD_KEY)).encode(session);
        assertThat(new SessionTokenCodec(new HmacSigner(KEY, List.of(OLD_KEY))).verify(oldToken, now))
                .contains(session);
        assertThat(new SessionTokenCodec(new HmacSigner(KEY)).verify(oldToken, now))
                .isEmpty();
    }

    @Test
    void shortKeysAreRefusedAtConstruction() {
        assertThatThrownBy(() -> new HmacSigner("short")).isInstanceOf(IllegalArgumentException.class);
    }
}
