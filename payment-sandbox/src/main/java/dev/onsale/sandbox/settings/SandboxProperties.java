package dev.onsale.sandbox.settings;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Start-time behaviour of the sandbox; all but keys, secrets, request timeout, pool size and seed change at runtime
 * via {@link Settings}.
 *
 * @param merchantKeys bearer keys accepted as merchants; each has its own TPS bucket. Local-only default
 * @param tps sustained money-moving requests per second per merchant; the bucket also holds one second's worth as
 *     burst
 * @param latencyP50 median of the log-normal request latency (0 with p99 0 = no latency)
 * @param latencyP99 99th percentile of the log-normal request latency; must be >= p50
 * @param timeoutShare share [0,1] of requests that hang for timeoutHang; the charge/refund is still created and
 *     proceeds
 * @param timeoutHang how long a "timed out" request hangs before answering; meant to exceed the client's timeout
 * @param serverErrorShare share [0,1] of requests answered 500 with nothing created
 * @param decisionDelay delay between a charge being accepted (PENDING) and its outcome being decided
 * @param webhookUrl where webhooks are POSTed
 * @param webhookSecret HMAC-SHA256 key signing webhooks (env ONSALE_SANDBOX_WEBHOOK_SECRET). Local-only default
 * @param webhookPreviousSecrets secrets being rotated out; each adds one more v1 value to Onsale-Signature
 * @param webhookLossShare share [0,1] of webhook events never sent at all
 * @param webhookDuplicateShare share [0,1] of webhook events delivered twice (same event id)
 * @param webhookReorderDelay each delivery waits a uniform random 0..this before its first attempt, so events can
 *     arrive out of order
 * @param webhookMaxAttempts attempts per delivery until a 2xx (first attempt included)
 * @param webhookInitialBackoff backoff before the second attempt; doubles each further attempt, capped at
 *     webhookMaxBackoff
 * @param webhookMaxBackoff upper bound of the retry backoff
 * @param webhookRequestTimeout timeout of one webhook HTTP attempt
 * @param webhookThreads threads delivering webhooks (never the request threads)
 * @param seed seed of the sandbox's only Random (null = a fresh seed each start), for reproducible runs
 */
@ConfigurationProperties("onsale.sandbox")
public record SandboxProperties(
        List<String> merchantKeys,
        int tps,
        Duration latencyP50,
        Duration latencyP99,
        double timeoutShare,
        Duration timeoutHang,
        double serverErrorShare,
        Duration decisionDelay,
        String webhookUrl,
        String webhookSecret,
        List<String> webhookPreviousSecrets,
        double webhookLossShare,
        double webhookDuplicateShare,
        Duration webhookReorderDelay,
        int webhookMaxAttempts,
        Duration webhookInitialBackoff,
        Duration webhookMaxBackoff,
        Duration webhookRequestTimeout,
        int webhookThreads,
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
