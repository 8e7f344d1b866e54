package dev.onsale.payment.queue;

import dev.onsale.payment.provider.Provider;
import dev.onsale.payment.provider.ProviderLimiter.LimiterUnavailable;
import dev.onsale.payment.provider.ProviderProperties;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.refund.Refunds;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Moves due rows to the provider, on every replica. One platform thread per replica claims due rows (refunds
 * first, then payments, {@code FOR UPDATE SKIP LOCKED} with a lease), and for each in turn takes a breaker permit
 * and then a slot of the pace all replicas share; the call itself runs on a virtual thread, at most
 * {@code max-in-flight} at once. While the breaker is open nothing is claimed and no call is made; rows it refuses
 * are rescheduled, never failed. Rows claimed but not sent when stopping are handed back at once.
 */
@Component
class Dispatcher implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);

    private final QueueProperties properties;
    private final Payments payments;
    private final Refunds refunds;
    private final Provider provider;
    private final ChargeSubmission charges;
    private final RefundSubmission refundSubmission;
    private final WorkSignal signal;
    private final Duration drainTimeout;
    private final Semaphore inFlight;
    private volatile boolean running;
    private Thread loop;

    Dispatcher(
            QueueProperties properties,
            Payments payments,
            Refunds refunds,
            Provider provider,
            ChargeSubmission charges,
            RefundSubmission refundSubmission,
            WorkSignal signal,
            ProviderProperties providerProperties) {
        this.properties = properties;
        this.payments = payments;
        this.refunds = refunds;
        this.provider = provider;
        this.charges = charges;
        this.refundSubmission = refundSubmission;
        this.signal = signal;
        this.inFlight = new Semaphore(properties.maxInFlight());
        this.drainTimeout = providerProperties.requestTimeout().plusSeconds(1);
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        loop = Thread.ofPlatform().name("payment-dispatcher").daemon().start(this::run);
    }

    @Override
    public void stop() {
        Thread current;
        synchronized (this) {
            if (!running) {
                return;
            }
            running = false;
            current = loop;
        }
        current.interrupt();
        try {
            current.join(drainTimeout.toMillis());
            // Calls on the wire finish and record their outcome (each within one request timeout).
            if (inFlight.tryAcquire(properties.maxInFlight(), drainTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                inFlight.release(properties.maxInFlight());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    private void run() {
        while (running) {
            try {
                if (!round()) {
                    signal.await(properties.idleInterval());
                }
            } catch (InterruptedException e) {
                return;
            } catch (LimiterUnavailable e) {
                log.warn(
                        "No call to the provider without its pace: {}; retrying in {}",
                        e.getMessage(),
                        properties.breakerRetry());
                try {
                    TimeUnit.MILLISECONDS.sleep(properties.breakerRetry().toMillis());
                } catch (InterruptedException stop) {
                    return;
                }
            } catch (RuntimeException e) {
                log.warn("Dispatcher round failed; retrying in {}", properties.idleInterval(), e);
                try {
                    TimeUnit.MILLISECONDS.sleep(properties.idleInterval().toMillis());
                } catch (InterruptedException stop) {
                    return;
                }
            }
        }
    }

    /** One claim and its calls; false if there was nothing to do. */
    private boolean round() throws InterruptedException {
        if (provider.refusing()) {
            return false;
        }
        int room = inFlight.availablePermits();
        if (room == 0) {
            inFlight.acquire();
            inFlight.release();
            return true;
        }
        Deque<Work> claimed = claim(Math.min(room, properties.claimBatch()));
        if (claimed.isEmpty()) {
            return false;
        }
        try {
            while (running && !claimed.isEmpty()) {
                dispatch(claimed.removeFirst());
            }
        } finally {
            handBack(claimed);
        }
        return true;
    }

    private Deque<Work> claim(int limit) {
        UUID claim = UUID.randomUUID();
        Deque<Work> claimed = new ArrayDeque<>();
        refunds.claimQueued(limit, properties.lease(), claim)
                .forEach(refund -> claimed.add(new Work.Refunding(refund, claim)));
        if (claimed.size() < limit) {
            payments.claimQueued(limit - claimed.size(), properties.lease(), claim)
                    .forEach(payment -> claimed.add(new Work.Charge(payment, claim)));
        }
        return claimed;
    }

    /**
     * Sends one claimed row, or reschedules it if the breaker refuses or the pace cannot be kept (then the round
     * ends: {@link LimiterUnavailable} is rethrown); on interruption the row is handed back.
     */
    private void dispatch(Work work) throws InterruptedException {
        inFlight.acquire();
        boolean started = false;
        try {
            if (!provider.permit(work.endpoint())) {
                retryLater(work, properties.breakerRetry());
                return;
            }
            try {
                provider.awaitSlot();
            } catch (LimiterUnavailable e) {
                provider.release();
                retryLater(work, properties.breakerRetry());
                throw e;
            } catch (InterruptedException e) {
                provider.release();
                handBack(new ArrayDeque<>(List.of(work)));
                throw e;
            }
            Thread.ofVirtual().name("provider-call").start(() -> {
                try {
                    submit(work);
                } finally {
                    inFlight.release();
                }
            });
            started = true;
        } finally {
            if (!started) {
                inFlight.release();
            }
        }
    }

    private void submit(Work work) {
        try {
            switch (work) {
                case Work.Charge charge -> charges.submit(charge.payment(), charge.claim());
                case Work.Refunding refund -> refundSubmission.submit(refund.refund(), refund.claim());
            }
        } catch (RuntimeException e) {
            // The row stays claimed until its lease ends, then any replica retries it with the same key.
            log.warn(
                    "Recording the outcome of a {} call failed; it is retried after the lease",
                    work.endpoint().tag(),
                    e);
        }
    }

    private void retryLater(Work work, Duration delay) {
        switch (work) {
            case Work.Charge charge -> payments.retry(charge.payment().id(), charge.claim(), delay, false);
            case Work.Refunding refund -> refunds.retry(refund.refund().paymentId(), refund.claim(), delay, false);
        }
    }

    private void handBack(Deque<Work> unsent) {
        if (unsent.isEmpty()) {
            return;
        }
        try {
            UUID claim = unsent.peekFirst().claim();
            payments.release(
                    unsent.stream()
                            .filter(Work.Charge.class::isInstance)
                            .map(w -> ((Work.Charge) w).payment().id())
                            .toList(),
                    claim);
            refunds.release(
                    unsent.stream()
                            .filter(Work.Refunding.class::isInstance)
                            .map(w -> ((Work.Refunding) w).refund().paymentId())
                            .toList(),
                    claim);
        } catch (RuntimeException e) {
            log.warn("Handing back {} unsent rows failed; their lease will end", unsent.size(), e);
        }
    }
}
