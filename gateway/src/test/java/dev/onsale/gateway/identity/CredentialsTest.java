package dev.onsale.gateway.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.HmacSigner;
import dev.onsale.common.token.SessionToken;
import dev.onsale.common.token.SessionTokenCodec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CredentialsTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private final SessionTokenCodec codec =
            new SessionTokenCodec(new HmacSigner("a-test-key-of-at-least-thirty-two-bytes"));
    private final Credentials credentials = new Credentials(
            codec,
            Clock.fixed(NOW, ZoneOffset.UTC),
            new IdentityProperties(
                    "the-admin-token", "the-auditor-token", "an-identity-key-of-at-least-32-bytes-0123"));

    @Test
    void aValidSessionTokenIsTheBuyerOfThatSession() {
        UUID session = UUID.randomUUID();
        String token = codec.encode(new SessionToken(session, NOW.plusSeconds(60)));
        assertThat(credentials.resolve("Bearer " + token)).isEqualTo(new Caller.Buyer(session));
        assertThat(credentials.resolve("bearer " + token)).isEqualTo(new Caller.Buyer(session));
    }

    @Test
    void anExpiredOrForgedSessionTokenIsUnrecognized() {
        String expired = codec.encode(new SessionToken(UUID.randomUUID(), NOW));
        String forged = new SessionTokenCodec(new HmacSigner("another-key-of-at-least-thirty-two-bytes"))
                .encode(new SessionToken(UUID.randomUUID(), NOW.plusSeconds(60)));
        assertThat(credentials.resolve("Bearer " + expired)).isEqualTo(new Caller.Unrecognized());
        assertThat(credentials.resolve("Bearer " + forged)).isEqualTo(new Caller.Unrecognized());
    }

    @Test
    void operatorTokensAreRecognizedExactly() {
        assertThat(credentials.resolve("Bearer the-admin-token")).isEqualTo(new Caller.Operator(Caller.Role.ADMIN));
        assertThat(credentials.resolve("Bearer the-auditor-token")).isEqualTo(new Caller.Operator(Caller.Role.AUDITOR));
        assertThat(credentials.resolve("Bearer the-admin-token2")).isEqualTo(new Caller.Unrecognized());
        assertThat(credentials.resolve("Bearer THE-ADMIN-TOKEN")).isEqualTo(new Caller.Unrecognized());
    }

    @Test
    void noHeaderIsNobodyAndOtherSchemesAreUnrecognized() {
        assertThat(credentials.resolve(null)).isEqualTo(new Caller.Nobody());
        assertThat(credentials.resolve("")).isEqualTo(new Caller.Nobody());
        assertThat(credentials.resolve("Basic dXNlcjpwYXNz")).isEqualTo(new Caller.Unrecognized(true));
        assertThat(credentials.resolve("Bearer")).isEqualTo(new Caller.Unrecognized(true));
        assertThat(credentials.resolve("the-admin-token")).isEqualTo(new Caller.Unrecognized(true));
    }
}
