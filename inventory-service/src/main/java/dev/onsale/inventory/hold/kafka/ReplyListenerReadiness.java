package dev.onsale.inventory.hold.kafka;

import dev.onsale.inventory.hold.HoldsProperties;
import java.util.Collection;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * {@code replyListener}: this replica's reply group (prefix + a random instance id) and whether its
 * listener owns partitions of the reply topic yet. Until it does, replies would pass unseen and every
 * hold would time out, so the replica is not ready.
 */
@Component("replyListener")
class ReplyListenerReadiness extends AbstractHealthIndicator {

    private final String group;
    private final Set<TopicPartition> assigned = ConcurrentHashMap.newKeySet();

    ReplyListenerReadiness(HoldsProperties properties) {
        super("hold reply listener health check failed");
        this.group = properties.replyGroupPrefix() + UUID.randomUUID();
    }

    public String group() {
        return group;
    }

    void assigned(Collection<TopicPartition> partitions) {
        assigned.addAll(partitions);
    }

    void revoked(Collection<TopicPartition> partitions) {
        assigned.removeAll(partitions);
    }

    boolean ready() {
        return !assigned.isEmpty();
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        (ready() ? builder.up() : builder.down()).withDetail("group", group).withDetail("partitions", assigned.size());
    }
}
