package dev.onsale.inventory.hold;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.platform.scheduling.PeriodicPass;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Settles orders left PENDING at the gate: their request stopped waiting (its replica restarted, or its answer
 * was lost and could not be given up), so no buyer was told 201 and none ever will be. An order still PENDING
 * {@code pending-stale-after} after it passed the gate is ended as a reply timeout ends it: its seats come back
 * and booking gets CancelAllocation, which releases the allocation if there was one and refuses one that comes
 * later. Booking's decision is thus the one applied, never a guess. Every replica may sweep; ending an order
 * is one idempotent script step, so two sweeps of one order change the counter once.
 */
@Component
class PendingOrderSweeper extends PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(PendingOrderSweeper.class);
    private static final int BATCH = 500;

    private final Gate gate;
    private final StreamRegistry streams;
    private final HoldMetrics metrics;
    private final HoldsProperties properties;

    PendingOrderSweeper(Gate gate, StreamRegistry streams, HoldMetrics metrics, HoldsProperties properties) {
        super("pending-order-sweeper", true, properties.pendingSweepInterval());
        this.gate = gate;
        this.streams = streams;
        this.metrics = metrics;
        this.properties = properties;
    }

    @Override
    protected void pass() {
        sweep();
    }

    /** One sweep over every event the gate has placed orders for. @return how many orders it ended */
    int sweep() {
        int ended = 0;
        for (String stream : streams.streams()) {
            UUID eventId = InventoryKeys.parseOutbox(stream).orElse(null);
            if (eventId != null) {
                ended += sweep(eventId);
            }
        }
        return ended;
    }

    /** One sweep over {@code eventId}'s pending index. @return how many orders it ended */
    int sweep(UUID eventId) {
        return sweep(eventId, cutoff(eventId));
    }

    /** Placed at or before this instant of the clock of the Redis node owning the event: stale. */
    private long cutoff(UUID eventId) {
        return gate.redisNowMillis(eventId) - properties.pendingStaleAfter().toMillis();
    }

    private int sweep(UUID eventId, long cutoff) {
        int ended = 0;
        List<UUID> stale;
        do {
            stale = gate.pendingSince(eventId, cutoff, BATCH);
            for (UUID orderId : stale) {
                if (gate.timeOut(eventId, orderId)) {
                    ended++;
                    metrics.released("stale_pending");
                    log.warn(
                            "order {} of event {} was still PENDING {} after it passed the gate: ended, "
                                    + "CancelAllocation sent",
                            orderId,
                            eventId,
                            properties.pendingStaleAfter());
                } else {
                    // it left PENDING by a path that ends no order here (e.g. converted): only the index lags
                    gate.forgetPending(eventId, orderId);
                }
            }
        } while (stale.size() == BATCH);
        return ended;
    }
}
