package dev.onsale.payment.queue;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/** Wakes this replica's idle dispatcher when new work was committed here (other replicas' work it polls for). */
@Component
public class WorkSignal {

    private final Semaphore signals = new Semaphore(0);

    /** New work is committed. */
    public void signal() {
        if (signals.availablePermits() == 0) {
            signals.release();
        }
    }

    /** Waits up to {@code timeout} for a signal; signals given meanwhile are consumed. */
    void await(Duration timeout) throws InterruptedException {
        if (signals.tryAcquire(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            signals.drainPermits();
        }
    }
}
