package dev.onsale.queue.schedule;

import dev.onsale.queue.admission.AdmissionPump;
import dev.onsale.queue.catalog.KnownEvents;
import dev.onsale.queue.metrics.QueueMetrics;
import dev.onsale.queue.opening.Opening;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Every {@code interval}, for each known event: opens its waiting room once {@code saleOpensAt} has
 * come, then runs one pump stroke. Holds no state of its own: several replicas may tick at once.
 */
@Component
public class WaitingRoomClock implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WaitingRoomClock.class);

    private final KnownEvents knownEvents;
    private final Opening opening;
    private final AdmissionPump pump;
    private final QueueMetrics metrics;
    private final Clock clock;
    private final ScheduleProperties properties;
    private ScheduledExecutorService executor;

    WaitingRoomClock(
            KnownEvents knownEvents,
            Opening opening,
            AdmissionPump pump,
            QueueMetrics metrics,
            Clock clock,
            ScheduleProperties properties) {
        this.knownEvents = knownEvents;
        this.opening = opening;
        this.pump = pump;
        this.metrics = metrics;
        this.clock = clock;
        this.properties = properties;
    }

    /** One round over every known event; an event that fails is logged and retried next round. */
    public void tick() {
        for (UUID eventId : knownEvents.all()) {
            try {
                if (opening.openIfDue(eventId, clock.instant())) {
                    metrics.pumped(eventId, pump.pump(eventId));
                }
            } catch (RuntimeException e) {
                log.warn("waiting room of event {} skipped this round: {}", eventId, e.toString());
            }
        }
    }

    @Override
    public synchronized void start() {
        if (!properties.enabled() || executor != null) {
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("waiting-room-clock").daemon().factory());
        executor.scheduleWithFixedDelay(
                this::tickSafely, 0, properties.interval().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tickSafely() {
        try {
            tick();
        } catch (RuntimeException e) {
            log.warn("waiting room round failed: {}", e.toString());
        }
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }
}
