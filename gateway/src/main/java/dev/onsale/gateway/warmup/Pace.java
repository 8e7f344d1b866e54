package dev.onsale.gateway.warmup;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/** Spaces requests evenly at a rate, across threads: each caller takes the next free slot and waits for it. */
final class Pace {

    private final long intervalNanos;
    private final AtomicLong nextSlot;

    Pace(double perSecond) {
        this.intervalNanos = Math.max(1, (long) (TimeUnit.SECONDS.toNanos(1) / perSecond));
        this.nextSlot = new AtomicLong(System.nanoTime());
    }

    void await() throws InterruptedException {
        long now = System.nanoTime();
        long slot = nextSlot.getAndAccumulate(now, (next, current) -> Math.max(next, current) + intervalNanos);
        long wait = Math.max(slot, now) - now;
        if (wait > 0) {
            LockSupport.parkNanos(wait);
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }
}
