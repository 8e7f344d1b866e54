package dev.onsale.booking.event;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Every {@code interval}, opens the scheduled sales that are due ({@link SaleControl#openDue}). Replicas
 * run it side by side: due rows are locked with SKIP LOCKED, so passes never wait for each other and an
 * event is opened (and announced) once.
 */
@Component
class SaleClock implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SaleClock.class);

    private final SaleControl control;
    private final SaleClockProperties properties;
    private ScheduledExecutorService scheduler;

    SaleClock(SaleControl control, SaleClockProperties properties) {
        this.control = control;
        this.properties = properties;
    }

    @Override
    public synchronized void start() {
        if (!properties.enabled() || scheduler != null) {
            return;
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("sale-clock").daemon().factory());
        long millis = properties.interval().toMillis();
        scheduler.scheduleWithFixedDelay(this::tick, millis, millis, TimeUnit.MILLISECONDS);
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

    void tick() {
        try {
            int opened;
            do {
                opened = control.openDue(properties.batchSize());
            } while (opened == properties.batchSize());
        } catch (RuntimeException e) {
            // The next pass retries: nothing of a failed pass was committed.
            log.warn("Sale clock pass failed", e);
        }
    }
}
