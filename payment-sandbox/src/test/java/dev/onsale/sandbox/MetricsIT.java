package dev.onsale.sandbox;

import static dev.onsale.sandbox.SandboxClient.chargeBody;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@SandboxTest
class MetricsIT {

    private final SandboxClient sandbox;

    @Autowired
    MeterRegistry meters;

    MetricsIT(SandboxClient sandbox) {
        this.sandbox = sandbox;
    }

    @Test
    void outcomesRateLimitsAndWebhooksAreCounted() {
        double succeeded = count("sandbox.charges", "outcome", "succeeded");
        double declined = count("sandbox.charges", "outcome", "declined");
        double limited = count("sandbox.rate.limited");
        double lost = count("sandbox.webhooks", "result", "lost");
        double delivered = count("sandbox.webhooks", "result", "delivered");

        sandbox.charge("m-ok", chargeBody(UUID.randomUUID(), 100, "tok_visa"));
        sandbox.charge("m-no", chargeBody(UUID.randomUUID(), 100, "tok_declined"));
        await().atMost(Duration.ofSeconds(5))
                .until(() -> count("sandbox.webhooks", "result", "delivered") == delivered + 2);

        sandbox.putSettings(Map.of("tps", 1, "webhookLossShare", 1.0));
        sandbox.charge("m-lost", chargeBody(UUID.randomUUID(), 100, "tok_visa"));
        assertThat(sandbox.charge("m-429", chargeBody(UUID.randomUUID(), 100, "tok_visa"))
                        .status())
                .isEqualTo(429);
        await().atMost(Duration.ofSeconds(5)).until(() -> count("sandbox.webhooks", "result", "lost") == lost + 1);

        assertThat(count("sandbox.charges", "outcome", "succeeded")).isEqualTo(succeeded + 2);
        assertThat(count("sandbox.charges", "outcome", "declined")).isEqualTo(declined + 1);
        assertThat(count("sandbox.rate.limited")).isGreaterThanOrEqualTo(limited + 1);
    }

    private double count(String name, String... tags) {
        var counter = meters.find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }
}
