package dev.onsale.queue.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The waiting room's meters, tagged by event: {@code onsale.queue.length} and
 * {@code onsale.queue.active.buyers} (gauges, as last seen by this replica's pump),
 * {@code onsale.queue.admitted} (counter; its rate is admissions per second) and
 * {@code onsale.queue.status.polls} (counter). Only events the waiting room knows get meters.
 */
@Component
public class QueueMetrics {

    private final MeterRegistry registry;
    private final Map<UUID, EventMeters> events = new ConcurrentHashMap<>();

    QueueMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    public void polled(UUID eventId) {
        meters(eventId).polls.increment();
    }

    /** What one pump stroke saw and did. */
    public void pumped(UUID eventId, int admitted, long lineLength, long active) {
        EventMeters meters = meters(eventId);
        meters.admitted.increment(admitted);
        meters.lineLength.set(lineLength);
        meters.active.set(active);
    }

    private EventMeters meters(UUID eventId) {
        return events.computeIfAbsent(eventId, id -> new EventMeters(registry, id.toString()));
    }

    private static final class EventMeters {
        final AtomicLong lineLength = new AtomicLong();
        final AtomicLong active = new AtomicLong();
        final Counter admitted;
        final Counter polls;

        EventMeters(MeterRegistry registry, String event) {
            Gauge.builder("onsale.queue.length", lineLength, AtomicLong::get)
                    .tag("event", event)
                    .description("buyers waiting in line")
                    .register(registry);
            Gauge.builder("onsale.queue.active.buyers", active, AtomicLong::get)
                    .tag("event", event)
                    .description("admitted buyers not yet finished")
                    .register(registry);
            admitted = Counter.builder("onsale.queue.admitted")
                    .tag("event", event)
                    .description("buyers admitted")
                    .register(registry);
            polls = Counter.builder("onsale.queue.status.polls")
                    .tag("event", event)
                    .description("status polls answered")
                    .register(registry);
        }
    }
}
