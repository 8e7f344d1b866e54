package dev.onsale.booking.order;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Every {@code onsale.orders.sweep-interval}, expires the overdue live orders that no notification
 * released ({@link OrderExpiry#sweep}), batch after batch while batches are full, and refreshes the
 * live-orders gauge. Runs on every replica.
 */
@Component
class ExpirySweeper implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ExpirySweeper.class);

    private final OrderExpiry expiry;
    private final Orders orders;
    private final OrderMetrics metrics;
    private final OrderProperties properties;
    private ScheduledExecutorService scheduler;

    ExpirySweeper(OrderExpiry expiry, Orders orders, OrderMetrics metrics, OrderProperties properties) {
        this.expiry = expiry;
        this.orders = orders;
        this.metrics = metrics;
        this.properties = properties;
    }

    @Override
    public synchronized void start() {
        if (!properties.sweepEnabled() || scheduler != null) {
            return;
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name("order-sweeper").daemon().factory());
        long millis = properties.sweepInterval().toMillis();
        scheduler.scheduleWithFixedDelay(this::pass, millis, millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void stop() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return scheduler != null;
    }

    void pass() {
        try {
            List<UUID> expired;
            do {
                expired = expiry.sweep(properties.sweepBatchSize());
                if (!expired.isEmpty()) {
                    log.info("Sweeper expired {} overdue orders", expired.size());
                }
            } while (expired.size() == properties.sweepBatchSize());
            long[] live = orders.countLive();
            metrics.live(live[0], live[1]);
        } catch (RuntimeException e) {
            // Nothing of a failed transaction was committed; the next pass retries it.
            log.warn("Order sweep pass failed", e);
        }
    }
}
