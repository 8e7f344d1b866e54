package dev.onsale.queue.admission;

import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.redis.PipelinedReads;
import dev.onsale.queue.QueueKeys;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/**
 * Lets buyers in from the head of an event's line (see pump.lua): at most {@code maxActiveBuyers}
 * active and {@code maxAdmitPerSecond} per event, whichever replicas pump and however often.
 */
@Component
public class AdmissionPump {

    private static final LuaScript PUMP = LuaScript.load(AdmissionPump.class, "pump.lua");
    private static final int FIXED_REPLY_FIELDS = 5;

    private final UnifiedJedis jedis;
    private final AdmissionProperties properties;

    AdmissionPump(UnifiedJedis jedis, AdmissionProperties properties) {
        this.jedis = jedis;
        this.properties = properties;
    }

    public PumpStroke pump(UUID eventId) {
        List<String> keys = List.of(
                QueueKeys.event(eventId),
                QueueKeys.opening(eventId),
                QueueKeys.line(eventId),
                QueueKeys.active(eventId),
                QueueKeys.admissions(eventId),
                QueueKeys.admissionExpiries(eventId),
                QueueKeys.availability(eventId),
                QueueKeys.settings(eventId),
                QueueKeys.bucket(eventId),
                QueueKeys.stats(eventId),
                QueueKeys.admissionLog(eventId));
        List<String> args = List.of(
                admissionIdPrefix(),
                Long.toString(properties.ttl().toSeconds()),
                Integer.toString(properties.defaultMaxAdmitPerSecond()),
                Integer.toString(properties.minActiveBuyers()),
                Integer.toString(properties.activeBuyersPerSeat()),
                Long.toString(properties.bucketDepth().toMillis()),
                Integer.toString(properties.maxBatch()),
                Long.toString(properties.rateWindow().toMillis()),
                Integer.toString(properties.cleanupBatch()),
                Long.toString(properties.claimWindow().toMillis()));
        List<?> reply = (List<?>) PUMP.run(jedis, keys, args);
        List<UUID> admitted = new ArrayList<>(reply.size() - FIXED_REPLY_FIELDS);
        for (int i = FIXED_REPLY_FIELDS; i < reply.size(); i++) {
            admitted.add(UUID.fromString((String) reply.get(i)));
        }
        return new PumpStroke(
                PumpStroke.Outcome.valueOf((String) reply.get(1)),
                admitted,
                (Long) reply.get(2),
                (Long) reply.get(3),
                (Long) reply.get(4));
    }

    /**
     * Those of {@code events} whose line holds someone: one pipeline of {@code ZCARD}s, however many events (a
     * round of the clock asks it for the events that rest). An event whose line could not be read is among them, so
     * that its stroke runs and reports why.
     */
    public Set<UUID> withBuyersWaiting(Collection<UUID> events) {
        return Set.copyOf(PipelinedReads.matching(
                jedis, events, (pipeline, eventId) -> pipeline.zcard(QueueKeys.line(eventId)), n -> n > 0, true));
    }

    /** The first 24 characters of a random UUID; pump.lua completes each id with a 12-digit counter. */
    private static String admissionIdPrefix() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return new UUID(random.nextLong(), random.nextLong()).toString().substring(0, 24);
    }
}
