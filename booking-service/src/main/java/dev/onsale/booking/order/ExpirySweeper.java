package dev.onsale.booking.order;

import dev.onsale.platform.scheduling.PeriodicPass;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Every {@code onsale.orders.sweep-interval}, expires the overdue live orders that no notification
 * released ({@link OrderExpiry#sweep}), batch after batch while batches are full, and refreshes the
 * live-orders gauge. Runs on every replica.
 */
@Component
class ExpirySweeper extends PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(ExpirySweeper.class);

    private final OrderExpiry expiry;
    private final Orders orders;
    private final OrderMetrics metrics;
    private final OrderProperties properties;

    ExpirySweeper(OrderExpiry expiry, Orders orders, OrderMetrics metrics, OrderProperties properties) {
        super("order-sweeper", properties.sweepEnabled(), properties.sweepInterval());
        this.expiry = expiry;
        this.orders = orders;
        this.metrics = metrics;
        this.properties = properties;
    }

    @Override
    protected void pass() {
        List<UUID> expired;
        do {
            expired = expiry.sweep(properties.sweepBatchSize());
            if (!expired.isEmpty()) {
                log.info("Sweeper expired {} overdue orders", expired.size());
            }
        } while (expired.size() == properties.sweepBatchSize());
        long[] live = orders.countLive();
        metrics.live(live[0], live[1]);
    }
}
