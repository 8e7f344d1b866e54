package dev.onsale.sandbox.settings;

import static dev.onsale.sandbox.SandboxClient.chargeBody;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.sandbox.SandboxClient.Answer;
import dev.onsale.sandbox.SandboxITBase;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SettingsIT extends SandboxITBase {

    @Test
    void getShowsEverySetting() {
        var settings = sandbox.get("/v1/sandbox/settings").body();
        for (var field : new String[] {
            "tps",
            "latencyP50Ms",
            "latencyP99Ms",
            "timeoutShare",
            "timeoutHangMs",
            "serverErrorShare",
            "decisionDelayMs",
            "webhookUrl",
            "webhookLossShare",
            "webhookDuplicateShare",
            "webhookReorderDelayMs",
            "webhookMaxAttempts",
            "webhookInitialBackoffMs",
            "webhookMaxBackoffMs"
        }) {
            assertThat(settings.has(field)).as(field).isTrue();
        }
        assertThat(settings.get("tps").asInt()).isEqualTo(1000);
    }

    @Test
    void aValidPutChangesOnlyTheFieldsItNamesAndIsShownByGet() {
        var answer = sandbox.putSettings(
                Map.of("tps", 20, "latencyP50Ms", 100, "latencyP99Ms", 800, "webhookLossShare", 0.02));
        assertThat(answer.status()).isEqualTo(200);
        var settings = sandbox.get("/v1/sandbox/settings").body();
        assertThat(settings.get("tps").asInt()).isEqualTo(20);
        assertThat(settings.get("latencyP99Ms").asLong()).isEqualTo(800);
        assertThat(settings.get("webhookLossShare").asDouble()).isEqualTo(0.02);
        assertThat(settings.get("webhookUrl").asString()).isEqualTo(receiver.url());
    }

    @Test
    void anInvalidPutIsRefusedWith400NamingTheFieldAndChangesNothing() {
        assertRefused(sandbox.putSettings(Map.of("timeoutShare", 1.5)), "timeoutShare");
        assertRefused(sandbox.putSettings(Map.of("tps", 0)), "tps");
        assertRefused(sandbox.putSettings(Map.of("tps", "fast")), "tps");
        assertRefused(sandbox.putSettings(Map.of("tps", 20.5)), "tps");
        assertRefused(sandbox.putSettings(Map.of("latencyP50Ms", 500, "latencyP99Ms", 100)), "latencyP99Ms");
        assertRefused(sandbox.putSettings(Map.of("webhookUrl", "not a url")), "webhookUrl");
        assertRefused(sandbox.putSettings(Map.of("webhookMaxAttempts", 0)), "webhookMaxAttempts");
        assertRefused(sandbox.putSettings(Map.of("tps", 30, "surpriseMe", true)), "surpriseMe");
        assertThat(sandbox.putSettingsRaw("{\"tps\": ").status()).isEqualTo(400);
        assertThat(sandbox.get("/v1/sandbox/settings").body().get("tps").asInt())
                .isEqualTo(1000);
    }

    @Test
    void resetClearsTheLedgerAndKeysAndRestoresTheStartSettings() {
        var orderId = UUID.randomUUID();
        var body = chargeBody(orderId, 1000, "tok_visa");
        var first = sandbox.charge("k-reset", body).body().get("id").asString();
        sandbox.putSettings(Map.of("tps", 5));

        sandbox.reset();

        var ledger = sandbox.get("/v1/ledger").body();
        assertThat(ledger.get("charges")).isEmpty();
        assertThat(ledger.get("refunds")).isEmpty();
        assertThat(sandbox.get("/v1/sandbox/settings").body().get("tps").asInt())
                .isEqualTo(1000);
        assertThat(sandbox.get("/v1/charges/" + first).status()).isEqualTo(404);
        var again = sandbox.charge("k-reset", chargeBody(orderId, 2000, "tok_visa"));
        assertThat(again.status()).isEqualTo(202);
    }

    private static void assertRefused(Answer answer, String field) {
        assertThat(answer.status()).as(field).isEqualTo(400);
        assertThat(answer.body().get("error").get("param").asString()).isEqualTo(field);
        assertThat(answer.body().get("error").get("message").asString()).contains(field);
    }
}
