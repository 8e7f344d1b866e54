package dev.onsale.payment.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/** {@code onsale_webhooks_total{result}}: every delivery counted once, after its outcome is final. */
@Component
class WebhookMetrics {

    private final Map<WebhookResult, Counter> counters = new EnumMap<>(WebhookResult.class);

    WebhookMetrics(MeterRegistry meters) {
        for (WebhookResult result : WebhookResult.values()) {
            counters.put(
                    result,
                    Counter.builder("onsale.webhooks")
                            .description("Provider webhook deliveries, by what became of them")
                            .tag("result", result.tag())
                            .register(meters));
        }
    }

    void count(WebhookResult result) {
        counters.get(result).increment();
    }
}
