package dev.onsale.inventory.hold;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.inventory.InventoryKeys;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/**
 * The hold path's meters. Counters of state changes count a change once across replicas (only the
 * replica whose script applied it counts it). {@code onsale.holds.active}, {@code onsale.seats.available} and
 * {@code onsale.seats.capacity} are read from Redis per event this replica has served, so every replica
 * reports the same value: aggregate them with max.
 */
@Component
class HoldMetrics {

    private final MeterRegistry registry;
    private final UnifiedJedis jedis;
    private final Counter placed;
    private final Counter timeouts;
    private final Counter shed;
    private final Timer gateLatency;
    private final Timer endToEndLatency;
    private final Set<UUID> gaugedEvents = ConcurrentHashMap.newKeySet();

    HoldMetrics(MeterRegistry registry, UnifiedJedis jedis) {
        this.registry = registry;
        this.jedis = jedis;
        this.placed = Counter.builder("onsale.holds.placed")
                .description("holds whose seats the database allocated")
                .register(registry);
        this.timeouts = Counter.builder("onsale.holds.timeouts")
                .description("hold requests answered 503 because no allocation reply came in time")
                .register(registry);
        this.shed = Counter.builder("onsale.holds.shed")
                .description(
                        "hold requests answered 503 without touching the gate: the gateway's deadline was too near")
                .register(registry);
        this.gateLatency = latency("gate");
        this.endToEndLatency = latency("end_to_end");
    }

    void placed() {
        placed.increment();
    }

    void refusedAtGate(GateRefusal reason) {
        refused("gate", reason.name());
    }

    void refusedByAllocation(AllocationRefused.Reason reason) {
        refused("allocation", reason.name());
        if (reason == AllocationRefused.Reason.SOLD_OUT || reason == AllocationRefused.Reason.SEAT_UNAVAILABLE) {
            Counter.builder("onsale.gate.disagreements")
                    .description("orders the gate passed and the database refused")
                    .tag("reason", tag(reason.name()))
                    .register(registry)
                    .increment();
        }
    }

    /** A lost place answer whose order could not be given up within {@code abandon-within}: reconciliation's to settle. */
    void abandonFailed() {
        Counter.builder("onsale.holds.abandon.failed")
                .description("orders whose place call lost its answer and that could not be given up in time")
                .register(registry)
                .increment();
    }

    void released(String reason) {
        Counter.builder("onsale.holds.released")
                .description("holds whose seats came back to the gate")
                .tag("reason", tag(reason))
                .register(registry)
                .increment();
    }

    /** A request answered 503 before touching the gate: too little time was left before the gateway's deadline. */
    void shed() {
        shed.increment();
    }

    void timedOut() {
        timeouts.increment();
    }

    void gate(Duration elapsed, UUID eventId) {
        gateLatency.record(elapsed);
        if (gaugedEvents.add(eventId)) {
            gaugeOf(
                    "onsale.holds.active",
                    "live holds of the event (Redis)",
                    InventoryKeys.liveHolds(eventId),
                    eventId);
            gaugeOf(
                    "onsale.seats.available",
                    "seats of the event free at the gate (Redis)",
                    InventoryKeys.available(eventId),
                    eventId);
            gaugeOf("onsale.seats.capacity", "seats of the event (Redis)", InventoryKeys.capacity(eventId), eventId);
        }
    }

    void endToEnd(Duration elapsed) {
        endToEndLatency.record(elapsed);
    }

    private void refused(String stage, String reason) {
        Counter.builder("onsale.holds.refused")
                .description("hold requests refused")
                .tag("stage", stage)
                .tag("reason", tag(reason))
                .register(registry)
                .increment();
    }

    private Timer latency(String stage) {
        return Timer.builder("onsale.hold.latency")
                .description("hold request latency")
                .tag("stage", stage)
                .publishPercentileHistogram()
                .register(registry);
    }

    private void gaugeOf(String name, String description, String key, UUID eventId) {
        Gauge.builder(name, () -> count(key))
                .description(description)
                .tag("eventId", eventId.toString())
                .strongReference(true)
                .register(registry);
    }

    private double count(String key) {
        try {
            String value = jedis.get(key);
            return value == null ? 0 : Double.parseDouble(value);
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    private static String tag(String reason) {
        return reason.toLowerCase(Locale.ROOT);
    }
}
