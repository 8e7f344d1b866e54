package dev.onsale.sandbox.charge;

import static dev.onsale.sandbox.SandboxClient.chargeBody;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.onsale.sandbox.SandboxClient;
import dev.onsale.sandbox.SandboxTest;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@SandboxTest
class TimeoutIT {

    private final SandboxClient sandbox;

    TimeoutIT(SandboxClient sandbox) {
        this.sandbox = sandbox;
    }

    @Test
    void aChargeWhoseRequestTimedOutStillSucceedsAndARetryWithTheSameKeyReturnsTheSameCharge() {
        sandbox.putSettings(Map.of("timeoutShare", 1.0, "timeoutHangMs", 3000));
        var orderId = UUID.randomUUID();
        var body = chargeBody(orderId, 4200, "tok_visa");

        assertThatThrownBy(() -> sandbox.charge("k-timeout", body, Duration.ofMillis(500)))
                .isInstanceOf(java.io.UncheckedIOException.class)
                .hasCauseInstanceOf(HttpTimeoutException.class);

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            var charges = sandbox.chargesFor(orderId);
            assertThat(charges).hasSize(1);
            assertThat(charges.getFirst().get("status").asString()).isEqualTo("SUCCEEDED");
        });
        var chargeId = sandbox.chargesFor(orderId).getFirst().get("id").asString();
        assertThat(sandbox.charge(chargeId).get("status").asString()).isEqualTo("SUCCEEDED");

        sandbox.putSettings(Map.of("timeoutShare", 0.0));
        var retry = sandbox.charge("k-timeout", body);
        assertThat(retry.status()).isEqualTo(202);
        assertThat(retry.json().get("id").asString()).isEqualTo(chargeId);
        assertThat(sandbox.chargesFor(orderId)).hasSize(1);
    }
}
