package dev.onsale.inventory.hold;

import dev.onsale.common.Topics;
import dev.onsale.common.events.GateLost;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.scheduling.PeriodicPass;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.SetParams;

/**
 * Notices that Redis came back without the gate's state (a restart without persistence, a failover to a replica
 * that had not caught up, a flush): Redis holds an epoch marker that nothing deletes, and every replica checks
 * it every {@code onsale.holds.gate-watch-interval}. A replica that finds it gone writes a new one (once: SET NX)
 * that marks the gate as rebuilding until {@code onsale.holds.rebuild-hold-off} from now, and tells booking
 * (GateLost), which
 * rebuilds every open event's gate from the database. Meanwhile a hold for an event the gate no longer knows is
 * 503 with Retry-After, never a 404 and never a hold the database could not back. A replica that starts against
 * a Redis without the marker (a first start, or a loss while no replica ran) tells booking too, but does not hold
 * holds back: it cannot tell a new install from a loss, and the rebuild follows within seconds. Writes that a failover lost
 * while the marker survived are drift, found by the periodic reconciliation.
 *
 * <p>The epoch and the hold-off are one value of one key, written by one SET and read by one GET. As two keys, a
 * hold that read them on either side of a pass, or a loss between the pass's two writes, saw a new epoch without
 * the mark and answered 404 while the gate was being rebuilt (GateRebuildIT races it).
 *
 * <p>In Redis Cluster the marker lives on one shard; the loss of another shard is found by reconciliation (the
 * gate has no counter for an open event) and rebuilt by the same run.
 */
@Component
public class GateLoss extends PeriodicPass {

    static final String EPOCH = "inventory:gate-epoch";
    /** Between the epoch's id and the end of its hold-off, in the value of {@link #EPOCH} after a loss. */
    private static final String REBUILDING_UNTIL = " rebuilding-until ";

    private static final Logger log = LoggerFactory.getLogger(GateLoss.class);

    private final UnifiedJedis jedis;
    private final KafkaTemplate<String, String> kafka;
    private final HoldsProperties properties;
    private final Clock clock;
    private volatile String epoch;
    /**
     * Whether this replica has seen an epoch in Redis since it started. Not {@code epoch != null}: a pass that lost
     * the race to write the new epoch reads the winner's, and a second loss right then reads nothing, after which
     * the next pass took the loss for a first start and did not hold holds back.
     */
    private volatile boolean watched;

    GateLoss(UnifiedJedis jedis, KafkaTemplate<String, String> kafka, HoldsProperties properties, Clock clock) {
        super("gate-loss-watch", true, properties.gateWatchInterval());
        this.clock = clock;
        this.jedis = jedis;
        this.kafka = kafka;
        this.properties = properties;
    }

    @Override
    public synchronized void start() {
        try {
            pass();
        } catch (RuntimeException e) {
            log.warn("the gate's epoch could not be read at start; the watch tries again: {}", e.toString());
        }
        super.start();
    }

    /** Whether holds for an event without a gate counter are to wait for its rebuild (503), not be refused (404). */
    public boolean rebuilding() {
        Epoch current = Epoch.of(jedis.get(EPOCH));
        return current == null
                || (current.rebuildingUntil() != null && clock.instant().isBefore(current.rebuildingUntil()));
    }

    @Override
    protected void pass() {
        String current = Epoch.idOf(jedis.get(EPOCH));
        if (current != null) {
            if (!current.equals(epoch) && epoch != null) {
                log.info("the gate's epoch is {} now (another replica found the loss)", current);
            }
            epoch = current;
            watched = true;
            return;
        }
        boolean firstStart = !watched;
        String fresh = UUID.randomUUID().toString();
        String value =
                firstStart ? fresh : fresh + REBUILDING_UNTIL + clock.instant().plus(properties.rebuildHoldOff());
        if (!"OK".equals(jedis.set(EPOCH, value, SetParams.setParams().nx()))) {
            epoch = Epoch.idOf(jedis.get(EPOCH));
            watched = true;
            return;
        }
        epoch = fresh;
        watched = true;
        log.warn(
                firstStart
                        ? "Redis holds no gate epoch: a first start, or the gate's state was lost while no replica watched;"
                                + " asking booking to rebuild every open event's gate (new epoch {})"
                        : "Redis lost the gate's state (its epoch is gone); holds wait for the rebuild from the database"
                                + " (new epoch {})",
                fresh);
        var lost = new GateLost(UUID.fromString(fresh), clock.instant());
        kafka.send(Envelope.wrap(fresh, lost).toRecord(Topics.RECONCILIATION_REPLIES))
                .whenComplete((sent, failure) -> {
                    if (failure != null) {
                        log.error(
                                "GateLost was not delivered; the periodic reconciliation rebuilds the gates: {}",
                                failure.toString());
                    }
                });
    }

    /** The value of {@link #EPOCH}: its id, and after a loss the end of its hold-off (null after a first start). */
    private record Epoch(String id, Instant rebuildingUntil) {

        /** Null for no value (Redis lost the gate). */
        static Epoch of(String value) {
            if (value == null) {
                return null;
            }
            int mark = value.indexOf(REBUILDING_UNTIL);
            return mark < 0
                    ? new Epoch(value, null)
                    : new Epoch(
                            value.substring(0, mark), Instant.parse(value.substring(mark + REBUILDING_UNTIL.length())));
        }

        static String idOf(String value) {
            Epoch epoch = of(value);
            return epoch == null ? null : epoch.id();
        }
    }
}
