package dev.onsale.sandbox.settings;

import static dev.onsale.sandbox.SandboxClient.chargeBody;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.sandbox.SandboxClient;
import dev.onsale.sandbox.SandboxTest;
import dev.onsale.sandbox.WebhookReceiver;
import dev.onsale.testing.TestHttp.Reply;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@SandboxTest
class SettingsIT {

    private final SandboxClient sandbox;
    private final WebhookReceiver receiver;

    SettingsIT(SandboxClient sandbox, WebhookReceiver receiver) {
        this.sandbox = sandbox;
        this.receiver = receiver;
    }

    @Test
    void getShowsEverySetting() {
        var settings = sandbox.get("/v1/sandbox/settings").json();
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
        var settings = sandbox.get("/v1/sandbox/settings").json();
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
        assertThat(sandbox.get("/v1/sandbox/settings").json().get("tps").asInt())
                .isEqualTo(1000);
    }

    @Test
    void resetClearsTheLedgerAndKeysAndRestoresTheStartSettings() {
        var orderId = UUID.randomUUID();
        var body = chargeBody(orderId, 1000, "tok_visa");
        var first = sandbox.charge("k-reset", body).json().get("id").asString();
        sandbox.putSettings(Map.of("tps", 5));

        sandbox.reset();

        var ledger = sandbox.get("/v1/ledger").json();
        assertThat(ledger.get("charges")).isEmpty();
        assertThat(ledger.get("refunds")).isEmpty();
        assertThat(sandbox.get("/v1/sandbox/settings").json().get("tps").asInt())
                .isEqualTo(1000);
        assertThat(sandbox.get("/v1/charges/" + first).status()).isEqualTo(404);
        var again = sandbox.charge("k-reset", chargeBody(orderId, 2000, "tok_visa"));
        assertThat(again.status()).isEqualTo(202);
    }

    private static void assertRefused(Reply answer, String field) {
        assertThat(answer.status()).as(field).isEqualTo(400);
        assertThat(answer.json().get("error").get("param").asString()).isEqualTo(field);
        assertThat(answer.json().get("error").get("message").asString()).contains(field);
    }
}
