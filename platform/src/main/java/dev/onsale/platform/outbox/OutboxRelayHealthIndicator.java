package dev.onsale.platform.outbox;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Readiness contributor {@code outboxRelay}: UP while this replica streams the outbox, or stands by
 * while another replica holds the relay's lock; DOWN otherwise (nobody relays, or the engine is
 * still starting here).
 */
final class OutboxRelayHealthIndicator extends AbstractHealthIndicator {

    private final OutboxRelay relay;

    OutboxRelayHealthIndicator(OutboxRelay relay) {
        super("Outbox relay state is unknown");
        this.relay = relay;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        RelayStatus status = relay.status();
        boolean up = status == RelayStatus.STREAMING || status == RelayStatus.STANDBY;
        (up ? builder.up() : builder.down()).withDetail("role", status.name()).withDetail("slot", relay.slotName());
    }
}
