package dev.onsale.queue.schedule;

import dev.onsale.queue.admission.AdmissionPump;
import dev.onsale.queue.admission.PumpStroke;
import dev.onsale.queue.catalog.KnownEvents;
import dev.onsale.queue.metrics.QueueMetrics;
import dev.onsale.queue.opening.Opening;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Every {@code interval}, for each known event: opens its waiting room once {@code saleOpensAt} has
 * come (the rooms already open are read in one pipeline a round), then runs one pump stroke. An event
 * whose line was empty at its last stroke rests: it is stroked again as soon as its line holds someone
 * (the lines of all resting events are read in one pipeline a round), else every {@code rest-every}.
 * Nothing is lost by resting, since a stroke reclaims expired admissions before it admits anyone. Holds
 * no shared state: several replicas may tick at once.
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
    /** Resting events (line empty at their last stroke on this replica), with when that stroke was (nanoTime). */
    private final Map<UUID, Long> resting = new ConcurrentHashMap<>();

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
        List<UUID> events = knownEvents.all();
        resting.keySet().retainAll(Set.copyOf(events));
        Set<UUID> open = opening.openAmong(events);
        Set<UUID> joined = resting.isEmpty() ? Set.of() : pump.withBuyersWaiting(resting.keySet());
        for (UUID eventId : events) {
            try {
                if ((open.contains(eventId) || opening.openIfDue(eventId, clock.instant())) && due(eventId, joined)) {
                    PumpStroke stroke = pump.pump(eventId);
                    metrics.pumped(eventId, stroke);
                    if (stroke.lineLength() == 0) {
                        resting.put(eventId, System.nanoTime());
                    } else {
                        resting.remove(eventId);
                    }
                }
            } catch (RuntimeException e) {
                resting.remove(eventId);
                log.warn("waiting room of event {} skipped this round: {}", eventId, e.toString());
            }
        }
    }

    /** Whether {@code eventId} is stroked this round: not resting, joined since, or rested long enough. */
    private boolean due(UUID eventId, Set<UUID> joined) {
        Long since = resting.get(eventId);
        return since == null
                || joined.contains(eventId)
                || System.nanoTime() - since >= properties.restEvery().toNanos();
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
