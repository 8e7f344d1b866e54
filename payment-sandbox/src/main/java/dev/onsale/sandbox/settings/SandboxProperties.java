package dev.onsale.sandbox.settings;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** Start-time behaviour of the sandbox; all but keys, secrets, request timeout, pool size and seed change at runtime via {@link Settings}. */
@ConfigurationProperties("onsale.sandbox")
public record SandboxProperties(
        // Bearer keys accepted as merchants; each has its own TPS bucket. Local-only default.
        List<String> merchantKeys,
        // Sustained money-moving requests per second per merchant; the bucket also holds one second's worth as burst.
        int tps,
        // Median of the log-normal request latency (0 with p99 0 = no latency).
        Duration latencyP50,
        // 99th percentile of the log-normal request latency; must be >= p50.
        Duration latencyP99,
        // Share [0,1] of requests that hang for timeoutHang; the charge/refund is still created and proceeds.
        double timeoutShare,
        // How long a "timed out" request hangs before answering; meant to exceed the client's timeout.
        Duration timeoutHang,
        // Share [0,1] of requests answered 500 with nothing created.
        double serverErrorShare,
        // Delay between a charge being accepted (PENDING) and its outcome being decided.
        Duration decisionDelay,
        // Where webhooks are POSTed.
        String webhookUrl,
        // HMAC-SHA256 key signing webhooks (env ONSALE_SANDBOX_WEBHOOK_SECRET). Local-only default.
        String webhookSecret,
        // Secrets being rotated out; each adds one more v1 value to Onsale-Signature.
        List<String> webhookPreviousSecrets,
        // Share [0,1] of webhook events never sent at all.
        double webhookLossShare,
        // Share [0,1] of webhook events delivered twice (same event id).
        double webhookDuplicateShare,
        // Each delivery waits a uniform random 0..this before its first attempt, so events can arrive out of order.
        Duration webhookReorderDelay,
        // Attempts per delivery until a 2xx (first attempt included).
        int webhookMaxAttempts,
        // Backoff before the second attempt; doubles each further attempt, capped at webhookMaxBackoff.
        Duration webhookInitialBackoff,
        // Upper bound of the retry backoff.
        Duration webhookMaxBackoff,
        // Timeout of one webhook HTTP attempt.
        Duration webhookRequestTimeout,
        // Threads delivering webhooks (never the request threads).
        int webhookThreads,
        // Seed of the sandbox's only Random (null = a fresh seed each start), for reproducible runs.
        Long seed) {

    public SandboxProperties {
        merchantKeys =
                merchantKeys == null || merchantKeys.isEmpty() ? List.of("sk_test_local") : List.copyOf(merchantKeys);
        webhookPreviousSecrets = webhookPreviousSecrets == null
                ? List.of()
                : webhookPreviousSecrets.stream()
                        .filter(secret -> !secret.isBlank())
                        .toList();
        if (webhookSecret == null || webhookSecret.isBlank()) {
            throw new IllegalArgumentException("onsale.sandbox.webhook-secret must not be blank");
        }
        if (webhookThreads < 1) {
            throw new IllegalArgumentException("onsale.sandbox.webhook-threads must be >= 1");
        }
    }

    /** The runtime-changeable part, as it starts. */
    public Settings initialSettings() {
        var settings = new Settings(
                tps,
                latencyP50.toMillis(),
                latencyP99.toMillis(),
                timeoutShare,
                timeoutHang.toMillis(),
                serverErrorShare,
                decisionDelay.toMillis(),
                webhookUrl,
                webhookLossShare,
                webhookDuplicateShare,
                webhookReorderDelay.toMillis(),
                webhookMaxAttempts,
                webhookInitialBackoff.toMillis(),
                webhookMaxBackoff.toMillis());
        var errors = settings.violations();
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("onsale.sandbox settings invalid: " + errors);
        }
        return settings;
    }
}
