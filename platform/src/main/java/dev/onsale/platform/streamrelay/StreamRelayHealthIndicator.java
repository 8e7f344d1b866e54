package dev.onsale.platform.streamrelay;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * {@code streamRelay}: DOWN only if the relay loop is not running while it should; failing rounds
 * (Redis away) show in the details and in the {@code redis} indicator, they do not take the
 * replica out of service by themselves.
 */
final class StreamRelayHealthIndicator extends AbstractHealthIndicator {

    private final StreamRelayRunner runner;

    StreamRelayHealthIndicator(StreamRelayRunner runner) {
        super("stream relay health check failed");
        this.runner = runner;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        if (runner.loopAlive()) {
            builder.up();
        } else {
            builder.down();
        }
        builder.withDetail("consecutiveFailures", runner.consecutiveFailures());
        if (runner.lastRound() != null) {
            builder.withDetail("lastRound", runner.lastRound().toString());
        }
    }
}
