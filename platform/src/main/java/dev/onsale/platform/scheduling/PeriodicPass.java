package dev.onsale.platform.scheduling;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * A pass over the database run every {@code interval} on a platform thread of its own while the application
 * runs (when {@code enabled}). A failed pass is logged and retried by the next one: a pass commits its work in
 * its own transactions, so nothing of a failed one is half-written. Passes of one instance never overlap; passes
 * of several replicas must not step on each other's rows (e.g. {@code FOR UPDATE SKIP LOCKED}).
 */
public abstract class PeriodicPass implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PeriodicPass.class);

    private final String name;
    private final boolean enabled;
    private final Duration interval;
    private ScheduledExecutorService scheduler;

    protected PeriodicPass(String name, boolean enabled, Duration interval) {
        this.name = name;
        this.enabled = enabled;
        this.interval = interval;
    }

    /** One pass; may throw, then the next pass tries again. */
    protected abstract void pass();

    @Override
    public synchronized void start() {
        if (!enabled || scheduler != null) {
            return;
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().name(name).daemon().factory());
        long millis = interval.toMillis();
        scheduler.scheduleWithFixedDelay(this::safePass, millis, millis, TimeUnit.MILLISECONDS);
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

    private void safePass() {
        try {
            pass();
        } catch (RuntimeException e) {
            log.warn("{} pass failed; the next pass retries", name, e);
        }
    }
}
