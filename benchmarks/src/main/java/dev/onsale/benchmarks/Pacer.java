package dev.onsale.benchmarks;

import java.util.concurrent.TimeUnit;

/**
 * Slots at a fixed rate from a start: slot {@code k} begins {@code k / perSecond} seconds after it — no burst and no
 * catching up, so a caller that sends once per slot sends exactly {@code perSecond} a second.
 */
final class Pacer {

    private final long startNanos;
    private final double intervalNanos;

    /** {@code startNanos} on the {@link System#nanoTime()} scale. */
    Pacer(double perSecond, long startNanos) {
        if (!(perSecond > 0)) {
            throw new IllegalArgumentException("a rate must be positive, not " + perSecond);
        }
        this.startNanos = startNanos;
        this.intervalNanos = 1e9 / perSecond;
    }

    /** When slot {@code slot} begins, on the {@link System#nanoTime()} scale. */
    long slotNanos(long slot) {
        return startNanos + Math.round(slot * intervalNanos);
    }

    /** Returns once slot {@code slot} has begun (at once if it has). */
    void awaitSlot(long slot) throws InterruptedException {
        sleepUntil(slotNanos(slot));
    }

    /** Returns once {@link System#nanoTime()} has reached {@code nanoTime} (at once if it has). */
    static void sleepUntil(long nanoTime) throws InterruptedException {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }
}
