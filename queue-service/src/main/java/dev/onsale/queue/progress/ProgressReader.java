package dev.onsale.queue.progress;

import dev.onsale.platform.redis.LuaScript;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.admission.AdmissionProperties;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/** Reads an event's progress document in one step (progress.lua). */
@Component
public class ProgressReader {

    private static final LuaScript PROGRESS = LuaScript.load(ProgressReader.class, "progress.lua");

    private final UnifiedJedis jedis;
    private final AdmissionProperties admission;
    private final ProgressProperties properties;

    ProgressReader(UnifiedJedis jedis, AdmissionProperties admission, ProgressProperties properties) {
        this.jedis = jedis;
        this.admission = admission;
        this.properties = properties;
    }

    /** Empty for an event the waiting room has not heard of. */
    public Optional<Progress> read(UUID eventId) {
        List<String> keys = List.of(
                QueueKeys.event(eventId),
                QueueKeys.opening(eventId),
                QueueKeys.line(eventId),
                QueueKeys.preQueue(eventId),
                QueueKeys.stats(eventId),
                QueueKeys.availability(eventId),
                QueueKeys.settings(eventId));
        List<?> reply =
                (List<?>) PROGRESS.run(jedis, keys, List.of(Integer.toString(admission.defaultMaxAdmitPerSecond())));
        if ((Long) reply.get(0) == 0) {
            return Optional.empty();
        }
        String opensAt = (String) reply.get(2);
        double measured = Double.parseDouble((String) reply.get(6));
        double rate = measured > 0 ? measured : ((Long) reply.get(7)).doubleValue();
        return Optional.of(new Progress(
                eventId,
                (String) reply.get(1),
                opensAt.isEmpty() ? null : Instant.parse(opensAt),
                (Long) reply.get(3) == 1,
                (Long) reply.get(4),
                (Long) reply.get(5),
                rate,
                (Long) reply.get(8) == 1,
                properties.pollAfterMs((Long) reply.get(5)),
                Instant.ofEpochMilli((Long) reply.get(9))));
    }
}
