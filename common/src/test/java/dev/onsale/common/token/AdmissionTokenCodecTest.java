package dev.onsale.common.token;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.AdmissionTokenCodec.Refusal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AdmissionTokenCodecTest {

    private static final String KEY = "admission-key-0123456789-0123456789-0123";
    private static final String OLD_KEY = "old-admission-key-0123456789-0123456789";
    private final Instant now = Instant.parse("2026-12-01T10:00:00Z");
    private final UUID session = UUID.randomUUID();
    private final UUID event = UUID.randomUUID();
    private final AdmissionToken admission =
            new AdmissionToken(UUID.randomUUID(), session, event, now.plusSeconds(600));
    private final AdmissionTokenCodec codec = new AdmissionTokenCodec(new HmacSigner(KEY));

    @Test
    void aTokenAdmitsItsOwnSessionToItsOwnEvent() {
        var verdict = codec.verify(codec.encode(admission), session, event, now);
        assertThat(verdict.admitted()).isTrue();
        assertThat(verdict.admission()).isEqualTo(admission);
    }

    @Test
    void anotherSessionOrAnotherEventIsRefusedWithItsReason() {
        String token = codec.encode(admission);
        assertThat(codec.verify(token, UUID.randomUUID(), event, now).refusal()).isEqualTo(Refusal.OTHER_SESSION);
        assertThat(codec.verify(token, session, UUID.randomUUID(), now).refusal())
                .isEqualTo(Refusal.OTHER_EVENT);
    }

    @Test
    void anExpiredTokenIsRefused() {
        String token = codec.encode(admission);
        assertThat(codec.verify(token, session, event, admission.expiresAt()).refusal())
                .isEqualTo(Refusal.EXPIRED);
    }

    @Test
    void aTamperedTokenIsRefusedAsBadlySigned() {
        String token = codec.encode(admission);
        String otherSession =
                token.replace(session.toString(), UUID.randomUUID().toString());
        assertThat(codec.verify(otherSession, session, event, now).refusal()).isEqualTo(Refusal.BAD_SIGNATURE);
        String later = token.replace(
                "." + admission.expiresAt().getEpochSecond() + ".",
                "." + (admission.expiresAt().getEpochSecond() + 3600) + ".");
        assertThat(codec.verify(later, session, event, now).refusal()).isEqualTo(Refusal.BAD_SIGNATURE);
    }

    @Test
    void aTokenHasExactlyOneSpellingNoOtherEndingOfTheSignatureVerifies() {
        String token = codec.encode(admission);
        String body = token.substring(0, token.length() - 1);
        char last = token.charAt(token.length() - 1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (char c : alphabet.toCharArray()) {
            if (c != last) {
                assertThat(codec.verify(body + c, session, event, now).admitted())
                        .as("ending " + c)
                        .isFalse();
            }
        }
        assertThat(codec.verify(token + "=", session, event, now).admitted()).isFalse();
    }

    @Test
    void missingAndMalformedTokensAreRefusedWithoutThrowing() {
        assertThat(codec.verify(null, session, event, now).refusal()).isEqualTo(Refusal.MISSING);
        assertThat(codec.verify(" ", session, event, now).refusal()).isEqualTo(Refusal.MISSING);
        assertThat(codec.verify("a1.x.y", session, event, now).refusal()).isEqualTo(Refusal.MALFORMED);
        assertThat(codec.verify("s1.a.b.c.d.e", session, event, now).refusal()).isEqualTo(Refusal.MALFORMED);
        assertThat(codec.decode("junk", now)).isEmpty();
    }

    @Test
    void aSessionTokenIsNeverAcceptedAsAnAdmission() {
        String sessionToken =
                new SessionTokenCodec(new HmacSigner(KEY)).encode(new SessionToken(session, now.plusSeconds(60)));
        assertThat(codec.verify(sessionToken, session, event, now).admitted()).isFalse();
    }

    @Test
    void aTokenSignedWithThePreviousKeyStillAdmitsDuringRotation() {
        String old = new AdmissionTokenCodec(new HmacSigner(OLD_KEY)).encode(admission);
        var rotated = new AdmissionTokenCodec(new HmacSigner(KEY, List.of(OLD_KEY)));
        assertThat(rotated.verify(old, session, event, now).admitted()).isTrue();
        assertThat(codec.verify(old, session, event, now).refusal()).isEqualTo(Refusal.BAD_SIGNATURE);
    }
}
