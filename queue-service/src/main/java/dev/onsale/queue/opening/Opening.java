package dev.onsale.queue.opening;

import dev.onsale.common.events.SaleState;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.redis.PipelinedReads;
import dev.onsale.queue.QueueKeys;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/**
 * Opens an event's waiting room exactly once, whichever replica and trigger (the clock reaching
 * {@code saleOpensAt}, or the sale being opened) gets there first. Two steps, each one script:
 * seal.lua draws the seed and freezes the pre-queue; open.lua moves it into the line in
 * {@link OpeningOrder}. Any replica may complete a sealed opening from the recorded seed, so a crash
 * between the steps delays the opening by one check at most; the move itself happens once.
 */
@Component
public class Opening {

    private static final Logger log = LoggerFactory.getLogger(Opening.class);
    private static final LuaScript SEAL = LuaScript.load(Opening.class, "seal.lua");
    private static final LuaScript OPEN = LuaScript.load(Opening.class, "open.lua");
    private static final int SEED_BYTES = 32;

    private final UnifiedJedis jedis;
    private final SecureRandom random = new SecureRandom();

    Opening(UnifiedJedis jedis) {
        this.jedis = jedis;
    }

    /**
     * Those of {@code events} whose waiting room is open: one pipeline, however many events (the clock asks it every
     * round, then {@link #openIfDue} only for the others). An event whose state could not be read is not among them.
     */
    public Set<UUID> openAmong(Collection<UUID> events) {
        return Set.copyOf(PipelinedReads.matching(
                jedis,
                events,
                (pipeline, eventId) -> pipeline.hget(QueueKeys.opening(eventId), "state"),
                "open"::equals,
                false));
    }

    /** Opens the event if its sale is open or was scheduled to open by {@code now}; true if it is open now. */
    public boolean openIfDue(UUID eventId, Instant now) {
        String state = jedis.hget(QueueKeys.opening(eventId), "state");
        if ("open".equals(state)) {
            return true;
        }
        if (state == null && !due(eventId, now)) {
            return false;
        }
        List<?> sealed = (List<?>) SEAL.run(
                jedis,
                List.of(QueueKeys.opening(eventId), QueueKeys.preQueue(eventId), QueueKeys.sequence(eventId)),
                List.of(newSeed()));
        if ("open".equals(sealed.get(0))) {
            return true;
        }
        String seed = (String) sealed.get(1);
        List<String> order = OpeningOrder.of(seed, jedis.zrange(QueueKeys.preQueue(eventId), 0, -1));
        List<String> args = new ArrayList<>(order.size() + 1);
        args.add(seed);
        args.addAll(order);
        long moved = (Long) OPEN.run(
                jedis, List.of(QueueKeys.opening(eventId), QueueKeys.preQueue(eventId), QueueKeys.line(eventId)), args);
        if (moved >= 0) {
            log.info(
                    "opened the waiting room of event {}: {} pre-queue buyers shuffled with seed {}",
                    eventId,
                    moved,
                    seed);
        }
        return true;
    }

    private boolean due(UUID eventId, Instant now) {
        List<String> event = jedis.hmget(QueueKeys.event(eventId), "saleState", "saleOpensAt");
        if (event.get(0) == null) {
            return false;
        }
        SaleState saleState = SaleState.valueOf(event.get(0));
        return saleState == SaleState.OPEN
                || saleState == SaleState.SCHEDULED
                        && event.get(1) != null
                        && !now.isBefore(Instant.parse(event.get(1)));
    }

    private String newSeed() {
        byte[] seed = new byte[SEED_BYTES];
        random.nextBytes(seed);
        return HexFormat.of().formatHex(seed);
    }
}
