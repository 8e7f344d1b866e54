package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class BotTokensTest {

    private static final UUID EVENT = UUID.fromString("2d3e4f50-0a02-490a-abda-0c61d89b98e6");
    private static final String BOT_SESSION_ID = "1c2d3e4f-0a02-490a-abda-0c61d89b98e6";
    private static final String BOT_SESSION = "s1." + BOT_SESSION_ID + ".1767229200.c2Vzc2lvbi1zaWc";
    private static final String LEAKED = "a1.0b1aaac8-0a02-490a-abda-0c61d89b98e6.9f8e7d6c-0a02-490a-abda-0c61d89b98e6."
            + EVENT + ".1767226200.aG9uZXN0LXNpZ25hdHVyZQ";
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void withoutATokenNothingIsSent() {
        assertThat(BotTokens.token(BotTokens.Trick.NONE, EVENT, BOT_SESSION, null, new Random(1), NOW))
                .isNull();
    }

    @Test
    void aForgedTokenHasTheRightShapeForTheBotsOwnSessionButARandomSignature() {
        String forged = BotTokens.token(BotTokens.Trick.FORGED, EVENT, BOT_SESSION, null, new Random(1), NOW);

        String[] parts = forged.split("\\.", -1);
        assertThat(parts).hasSize(6);
        assertThat(parts[0]).isEqualTo("a1");
        assertThat(parts[2]).isEqualTo(BOT_SESSION_ID);
        assertThat(parts[3]).isEqualTo(EVENT.toString());
        assertThat(Long.parseLong(parts[4])).isEqualTo(NOW.plusSeconds(600).getEpochSecond());
        assertThat(parts[5]).matches("[A-Za-z0-9_-]{43}");
        assertThat(BotTokens.token(BotTokens.Trick.FORGED, EVENT, BOT_SESSION, null, new Random(1), NOW))
                .as("a seed forges the same token")
                .isEqualTo(forged);
    }

    @Test
    void aTamperedTokenIsALeakedOneRewrittenToNameTheBotsSessionWithItsSignatureKept() {
        String tampered = BotTokens.token(BotTokens.Trick.TAMPERED, EVENT, BOT_SESSION, LEAKED, new Random(1), NOW);

        assertThat(tampered).isEqualTo(LEAKED.replace("9f8e7d6c-0a02-490a-abda-0c61d89b98e6", BOT_SESSION_ID));
        assertThat(tampered.substring(tampered.lastIndexOf('.'))).isEqualTo(LEAKED.substring(LEAKED.lastIndexOf('.')));
        assertThat(BotTokens.tampered("not-an-admission-token", BOT_SESSION_ID)).isEqualTo("not-an-admission-tokeA");
    }

    @Test
    void anotherSessionsTokenIsTheLeakedOneAsItIs() {
        assertThat(BotTokens.token(BotTokens.Trick.OTHER_SESSION, EVENT, BOT_SESSION, LEAKED, new Random(1), NOW))
                .isEqualTo(LEAKED);
        assertThatThrownBy(() ->
                        BotTokens.token(BotTokens.Trick.OTHER_SESSION, EVENT, BOT_SESSION, null, new Random(1), NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSessionIdIsReadFromTheSessionToken() {
        assertThat(BotTokens.sessionId(BOT_SESSION)).isEqualTo(BOT_SESSION_ID);
        assertThat(BotTokens.sessionId("garbage")).hasSize(36);
    }
}
