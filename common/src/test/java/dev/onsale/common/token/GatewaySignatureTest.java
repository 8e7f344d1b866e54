package dev.onsale.common.token;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.GatewaySignature.Claims;
import dev.onsale.common.token.GatewaySignature.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GatewaySignatureTest {

    private static final String KEY = "identity-key-0123456789-0123456789-0123";
    private static final String OLD_KEY = "old-identity-key-0123456789-0123456789";
    private static final Duration MAX_AGE = Duration.ofSeconds(30);
    private static final Duration SKEW = Duration.ofSeconds(5);

    private final Instant now = Instant.parse("2026-12-01T10:00:00Z");
    private final String buyer = UUID.randomUUID().toString();
    private final Claims claims = new Claims("DELETE", "/api/orders/" + UUID.randomUUID(), buyer, null, null, null);
    private final GatewaySignature gateway = new GatewaySignature(new HmacSigner(KEY), MAX_AGE, SKEW);

    @Test
    void whatTheGatewaySignedVerifiesForTheSameRequest() {
        assertThat(gateway.verify(gateway.sign(claims, now), claims, now.plusMillis(5)))
                .isEqualTo(Outcome.VALID);
    }

    @Test
    void anotherCallerMethodPathRoleAdmissionOrDeadlineBreaksTheSignature() {
        String header = gateway.sign(claims, now);
        List<Claims> others = List.of(
                new Claims("DELETE", claims.path(), UUID.randomUUID().toString(), null, null, null),
                new Claims("GET", claims.path(), buyer, null, null, null),
                new Claims("DELETE", claims.path() + "/payments", buyer, null, null, null),
                new Claims("DELETE", claims.path(), buyer, "admin", null, null),
                new Claims("DELETE", claims.path(), null, "admin", null, null),
                new Claims(
                        "DELETE", claims.path(), buyer, null, UUID.randomUUID().toString(), null),
                new Claims("DELETE", claims.path(), buyer, null, null, "1790000000000"));
        for (Claims other : others) {
            assertThat(gateway.verify(header, other, now)).as(other.toString()).isEqualTo(Outcome.FORGED);
        }
    }

    @Test
    void aKeyNobodySharesCannotSign() {
        var stranger = new GatewaySignature(new HmacSigner("someone-elses-key-0123456789-0123456789"), MAX_AGE, SKEW);
        assertThat(gateway.verify(stranger.sign(claims, now), claims, now)).isEqualTo(Outcome.FORGED);
    }

    @Test
    void anAssertionIsGoodForItsWindowOnly() {
        String header = gateway.sign(claims, now);
        assertThat(gateway.verify(header, claims, now.plus(MAX_AGE))).isEqualTo(Outcome.VALID);
        assertThat(gateway.verify(header, claims, now.plus(MAX_AGE).plusMillis(1)))
                .isEqualTo(Outcome.EXPIRED);
        assertThat(gateway.verify(header, claims, now.minus(SKEW))).isEqualTo(Outcome.VALID);
        assertThat(gateway.verify(header, claims, now.minus(SKEW).minusMillis(1)))
                .isEqualTo(Outcome.FROM_THE_FUTURE);
    }

    @Test
    void aMovedTimestampBreaksTheSignature() {
        String header = gateway.sign(claims, now.minusSeconds(60));
        String refreshed = header.replace("t=" + now.minusSeconds(60).toEpochMilli(), "t=" + now.toEpochMilli());
        assertThat(gateway.verify(refreshed, claims, now)).isEqualTo(Outcome.FORGED);
    }

    @Test
    void duringARotationAssertionsUnderThePreviousKeyStillVerify() {
        var oldGateway = new GatewaySignature(new HmacSigner(OLD_KEY), MAX_AGE, SKEW);
        var rotatedService = new GatewaySignature(new HmacSigner(KEY, List.of(OLD_KEY)), MAX_AGE, SKEW);
        assertThat(rotatedService.verify(oldGateway.sign(claims, now), claims, now))
                .isEqualTo(Outcome.VALID);
        assertThat(rotatedService.verify(gateway.sign(claims, now), claims, now))
                .isEqualTo(Outcome.VALID);
        assertThat(gateway.verify(oldGateway.sign(claims, now), claims, now)).isEqualTo(Outcome.FORGED);
    }

    @Test
    void noHeaderIsMissing() {
        assertThat(gateway.verify(null, claims, now)).isEqualTo(Outcome.MISSING);
        assertThat(gateway.verify(" ", claims, now)).isEqualTo(Outcome.MISSING);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "v1=abc",
                "t=,v1=abc",
                "t=12a,v1=abc",
                "t=1,v2=abc",
                "t=1",
                "t=99999999999999999999,v1=a",
                "T=1,v1=abc"
            })
    void aHeaderOfAnotherShapeIsMalformed(String header) {
        assertThat(gateway.verify(header, claims, now)).isEqualTo(Outcome.MALFORMED);
    }

    @Test
    void aClaimWithALineBreakCannotPassForAnother() {
        Claims smuggled = new Claims("GET", "/api/x", buyer + "\nadmin", null, null, null);
        assertThat(gateway.verify(gateway.sign(smuggled, now), smuggled, now)).isEqualTo(Outcome.MALFORMED);
    }
}
