package dev.onsale.booking;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/** The service's Kafka listeners as a test sees them. */
public final class Listeners {

    private Listeners() {}

    /** Waits until every listener container of the service has its partitions (the group has settled). */
    public static void awaitAssigned(KafkaListenerEndpointRegistry registry) {
        await().atMost(Duration.ofSeconds(60))
                .until(() -> registry.getListenerContainers().stream().allMatch(Listeners::assigned));
    }

    private static boolean assigned(MessageListenerContainer container) {
        var partitions = container.getAssignedPartitions();
        return container.isRunning() && partitions != null && !partitions.isEmpty();
    }
}
