package dev.onsale.queue.dashboard;

import dev.onsale.platform.redis.LuaScript;
import dev.onsale.queue.QueueKeys;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/** The waiting room's part of an event's operator dashboard, read in one step (see dashboard.lua). */
@Component
public class QueueDashboard {

    private static final LuaScript READ = LuaScript.load(QueueDashboard.class, "dashboard.lua");

    /**
     * @param length       buyers waiting: in line, plus those who joined before the opening and wait for it
     * @param admitted     buyers let in since the opening (all time)
     * @param activeBuyers admitted buyers whose admission is unused and unexpired, or who hold an order
     */
    public record QueuePart(long length, long admitted, long activeBuyers) {}

    private final UnifiedJedis jedis;

    QueueDashboard(UnifiedJedis jedis) {
        this.jedis = jedis;
    }

    /** Empty for an event the waiting room has not heard of. */
    public Optional<QueuePart> read(UUID eventId) {
        List<String> keys = List.of(
                QueueKeys.event(eventId),
                QueueKeys.preQueue(eventId),
                QueueKeys.line(eventId),
                QueueKeys.stats(eventId),
                QueueKeys.active(eventId));
        List<?> reply = (List<?>) READ.run(jedis, keys, List.of());
        if ((Long) reply.get(0) == 0) {
            return Optional.empty();
        }
        return Optional.of(
                new QueuePart((Long) reply.get(1) + (Long) reply.get(2), (Long) reply.get(3), (Long) reply.get(4)));
    }
}
