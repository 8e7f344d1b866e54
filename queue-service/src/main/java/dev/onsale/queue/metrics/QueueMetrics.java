package dev.onsale.queue.metrics;

import dev.onsale.queue.admission.PumpStroke;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * The waiting room's meters, tagged by event: {@code onsale.queue.length} and
 * {@code onsale.queue.active.buyers} (gauges, as last seen by this replica's pump),
 * {@code onsale.queue.admitted} (counter; its rate is admissions per second),
 * {@code onsale.queue.status.polls} (counter) and {@code onsale.queue.pump.outcome} (one gauge per outcome,
 * 1 for the last stroke's and 0 for the others: why nobody is being let in, a line that stalls while the
 * sale is sold out being no fault). Only events the waiting room knows get meters.
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
    public void pumped(UUID eventId, PumpStroke stroke) {
        EventMeters meters = meters(eventId);
        meters.outcome.set(stroke.outcome());
        meters.admitted.increment(stroke.admitted().size());
        meters.lineLength.set(stroke.lineLength());
        meters.active.set(stroke.active());
    }

    private EventMeters meters(UUID eventId) {
        return events.computeIfAbsent(eventId, id -> new EventMeters(registry, id.toString()));
    }

    private static final class EventMeters {
        final AtomicLong lineLength = new AtomicLong();
        final AtomicLong active = new AtomicLong();
        final AtomicReference<PumpStroke.Outcome> outcome = new AtomicReference<>();
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
            for (PumpStroke.Outcome each : PumpStroke.Outcome.values()) {
                Gauge.builder("onsale.queue.pump.outcome", outcome, last -> last.get() == each ? 1 : 0)
                        .tag("event", event)
                        .tag("outcome", each.name().toLowerCase(Locale.ROOT))
                        .description("1 for the outcome of the pump's last stroke, 0 for the others")
                        .register(registry);
            }
        }
    }
}
