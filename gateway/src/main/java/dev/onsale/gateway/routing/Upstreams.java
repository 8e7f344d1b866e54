package dev.onsale.gateway.routing;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The four services behind the gateway, each as its replicas ({@link ServiceReplicas}), built once from
 * {@link UpstreamProperties}: the routes ({@link Routes}, {@link ReplicaChoiceFilter}) and the gateway's own reads
 * (the arrivals' joins, the progress documents, the dashboard, the API documents) choose a replica per call here, so
 * that they share each replica's rest.
 */
@Component
public class Upstreams {

    private final ServiceReplicas queue;
    private final ServiceReplicas inventory;
    private final ServiceReplicas booking;
    private final ServiceReplicas payment;

    Upstreams(UpstreamProperties properties, MeterRegistry meters) {
        this.queue = replicas("queue-service", properties.queue(), properties, meters);
        this.inventory = replicas("inventory-service", properties.inventory(), properties, meters);
        this.booking = replicas("booking-service", properties.booking(), properties, meters);
        this.payment = replicas("payment-service", properties.payment(), properties, meters);
    }

    private static ServiceReplicas replicas(
            String service, List<URI> uris, UpstreamProperties properties, MeterRegistry meters) {
        Counter rests = Counter.builder("onsale.gateway.upstream.replica.rests")
                .description("times a replica of the service failed to connect and was passed over for the rest time")
                .tag("service", service)
                .register(meters);
        return new ServiceReplicas(service, uris, properties.replicaRest(), System::nanoTime, rests);
    }

    public ServiceReplicas queue() {
        return queue;
    }

    public ServiceReplicas inventory() {
        return inventory;
    }

    public ServiceReplicas booking() {
        return booking;
    }

    public ServiceReplicas payment() {
        return payment;
    }

    /** All four, in the order the merged API document lists them: queue, inventory, booking, payment. */
    public List<ServiceReplicas> all() {
        return List.of(queue, inventory, booking, payment);
    }
}
