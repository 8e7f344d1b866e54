package dev.onsale.payment.webhook;

import static dev.onsale.payment.webhook.Signatures.header;
import static dev.onsale.payment.webhook.Signatures.sign;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.payment.webhook.SignatureVerifier.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class SignatureVerifierTest {

    private static final long NOW = 1_790_000_000L;
    private static final String CURRENT = "whsec_current";
    private static final String PREVIOUS = "whsec_previous";
    private static final String ZEROS = "0000000000000000000000000000000000000000000000000000000000000000";
    /** Multi-byte UTF-8 (an accent, a dash, an emoji) and a trailing newline: the signature covers bytes. */
    private static final byte[] BODY = """
            {"id":"evt_1","type":"charge.succeeded","created":1,"data":{"note":"caf\u00e9 \u2013 \ud83c\udfab"}}
            """.getBytes(StandardCharsets.UTF_8);

    private final SignatureVerifier verifier = new SignatureVerifier(
            List.of(CURRENT, PREVIOUS),
            Duration.ofSeconds(300),
            Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));

    @Test
    void aBodySignedWithTheCurrentSecretNowIsValid() {
        assertThat(verifier.verify(header(NOW, sign(CURRENT, NOW, BODY)), BODY)).isEqualTo(Verdict.VALID);
    }

    @Test
    void oneGoodV1AmongSeveralIsEnoughWhicheverPlaceItHas() {
        String good = sign(CURRENT, NOW, BODY);
        String bad = sign("whsec_someone_else", NOW, BODY);

        assertThat(verifier.verify(header(NOW, bad, good), BODY)).isEqualTo(Verdict.VALID);
        assertThat(verifier.verify(header(NOW, good, bad), BODY)).isEqualTo(Verdict.VALID);
        assertThat(verifier.verify(header(NOW, ZEROS, bad, good), BODY)).isEqualTo(Verdict.VALID);
    }

    @Test
    void aBodySignedOnlyWithAPreviousSecretIsStillValidDuringRotation() {
        assertThat(verifier.verify(header(NOW, sign(PREVIOUS, NOW, BODY)), BODY))
                .isEqualTo(Verdict.VALID);
    }

    @Test
    void aBodySignedWithAnotherKeyIsAMismatch() {
        assertThat(verifier.verify(header(NOW, sign("whsec_wrong", NOW, BODY)), BODY))
                .isEqualTo(Verdict.MISMATCH);
        assertThat(verifier.verify(header(NOW, sign("whsec_wrong", NOW, BODY), ZEROS), BODY))
                .isEqualTo(Verdict.MISMATCH);
    }

    @Test
    void aBodyAlteredByOneByteNoLongerMatchesItsSignature() {
        String signature = sign(CURRENT, NOW, BODY);
        for (int i = 0; i < BODY.length; i++) {
            byte[] altered = BODY.clone();
            altered[i] ^= 0x01;
            assertThat(verifier.verify(header(NOW, signature), altered))
                    .as("byte %d altered", i)
                    .isEqualTo(Verdict.MISMATCH);
        }
        byte[] longer = new byte[BODY.length + 1];
        System.arraycopy(BODY, 0, longer, 0, BODY.length);
        longer[BODY.length] = ' ';
        assertThat(verifier.verify(header(NOW, signature), longer)).isEqualTo(Verdict.MISMATCH);
    }

    @Test
    void theTimestampIsPartOfWhatIsSignedDigitForDigit() {
        String signedAt = sign(CURRENT, NOW, BODY);

        assertThat(verifier.verify(header(NOW - 1, signedAt), BODY)).isEqualTo(Verdict.MISMATCH);
        assertThat(verifier.verify("t=0" + NOW + ",v1=" + signedAt, BODY)).isEqualTo(Verdict.MISMATCH);
    }

    @Test
    void aGenuineSignatureOlderThanTheToleranceIsStaleAndOneAtTheToleranceIsNot() {
        long old = NOW - 301;
        long edge = NOW - 300;

        assertThat(verifier.verify(header(old, sign(CURRENT, old, BODY)), BODY)).isEqualTo(Verdict.STALE);
        assertThat(verifier.verify(header(edge, sign(CURRENT, edge, BODY)), BODY))
                .isEqualTo(Verdict.VALID);
    }

    @Test
    void aGenuineSignatureFurtherThanTheToleranceInTheFutureIsStale() {
        long ahead = NOW + 301;
        long edge = NOW + 300;

        assertThat(verifier.verify(header(ahead, sign(CURRENT, ahead, BODY)), BODY))
                .isEqualTo(Verdict.STALE);
        assertThat(verifier.verify(header(edge, sign(CURRENT, edge, BODY)), BODY))
                .isEqualTo(Verdict.VALID);
    }

    @Test
    void anOldForgeryIsAMismatchNotStale() {
        long old = NOW - 3_600;

        assertThat(verifier.verify(header(old, sign("whsec_wrong", old, BODY)), BODY))
                .isEqualTo(Verdict.MISMATCH);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(
            strings = {
                "",
                " ",
                "garbage",
                "t=",
                "v1=",
                "t=1790000000",
                "t=1790000000,",
                "v1=" + ZEROS,
                "t=abc,v1=" + ZEROS,
                "t=-1790000000,v1=" + ZEROS,
                "t=1790000000,t=1790000000,v1=" + ZEROS,
                "t=1790000000,v1=",
                "t=1790000000,v1=abc",
                "t=1790000000,v1=zz00000000000000000000000000000000000000000000000000000000000000",
                "t=1790000000,v1=" + ZEROS + "0",
                "t=1790000000;v1=" + ZEROS,
                "t=17900000000000000000,v1=" + ZEROS,
                "=1790000000,v1=" + ZEROS,
                "t=1790000000,,v1=" + ZEROS
            })
    void aMissingOrGarbledHeaderIsGarbled(String header) {
        assertThat(verifier.verify(header, BODY)).isEqualTo(Verdict.GARBLED);
    }

    @Test
    void aHeaderWithMoreSignaturesThanAnyRotationNeedsIsGarbled() {
        String[] many = new String[SignatureVerifier.MAX_SIGNATURES + 1];
        Arrays.fill(many, sign(CURRENT, NOW, BODY));

        assertThat(verifier.verify(header(NOW, many), BODY)).isEqualTo(Verdict.GARBLED);
    }

    @Test
    void otherSchemesAreIgnoredAndUpperCaseHexIsAccepted() {
        String good = sign(CURRENT, NOW, BODY);

        assertThat(verifier.verify("t=" + NOW + ",v0=whatever,v1=" + good.toUpperCase(), BODY))
                .isEqualTo(Verdict.VALID);
    }

    @Test
    void anEmptyBodyIsVerifiedLikeAnyOther() {
        byte[] empty = new byte[0];

        assertThat(verifier.verify(header(NOW, sign(CURRENT, NOW, empty)), empty))
                .isEqualTo(Verdict.VALID);
        assertThat(verifier.verify(header(NOW, sign(CURRENT, NOW, BODY)), empty))
                .isEqualTo(Verdict.MISMATCH);
    }
}
