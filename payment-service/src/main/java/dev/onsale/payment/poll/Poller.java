package dev.onsale.payment.poll;

import dev.onsale.payment.provider.ChargeView;
import dev.onsale.payment.provider.Endpoint;
import dev.onsale.payment.provider.Provider;
import dev.onsale.payment.provider.ProviderAnswer;
import dev.onsale.payment.record.Payment;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.settlement.Settlement;
import dev.onsale.platform.scheduling.PeriodicPass;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Settles what no webhook did: every {@code interval}, on every replica, claims the payments whose accepted charge
 * has no result for us yet and is due for a poll ({@code SKIP LOCKED}, with a lease), asks the provider for each
 * ({@code GET /v1/charges/{id}}, through the circuit breaker, not paced: reads are not rate-limited) and hands the
 * answer to {@link Settlement}. A charge still pending, or a poll that failed, is polled again later, backing off
 * per payment. While the breaker is open no poll is made.
 */
@Component
class Poller extends PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(Poller.class);

    private final PollProperties properties;
    private final Payments payments;
    private final Provider provider;
    private final Settlement settlement;

    Poller(PollProperties properties, Payments payments, Provider provider, Settlement settlement) {
        super("payment-poller", true, properties.interval());
        this.properties = properties;
        this.payments = payments;
        this.provider = provider;
        this.settlement = settlement;
    }

    @Override
    protected void pass() {
        if (provider.refusing()) {
            return;
        }
        List<Payment> due = payments.claimUnresolved(properties.batch(), properties.lease());
        if (due.isEmpty()) {
            return;
        }
        Semaphore concurrent = new Semaphore(properties.maxInFlight());
        try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Payment payment : due) {
                concurrent.acquireUninterruptibly();
                calls.execute(() -> {
                    try {
                        poll(payment);
                    } catch (RuntimeException e) {
                        log.warn("Polling payment {} failed; it is polled again after the lease", payment.id(), e);
                    } finally {
                        concurrent.release();
                    }
                });
            }
        }
    }

    private void poll(Payment payment) {
        if (!provider.permit(Endpoint.CHARGE_STATUS)) {
            payments.pollAgain(payment.id(), properties.interval(), false);
            return;
        }
        ProviderAnswer<ChargeView> answer = provider.charge(payment.chargeId());
        if (answer instanceof ProviderAnswer.Accepted<ChargeView>(ChargeView charge)) {
            settlement.chargeObserved(charge.observation());
            if (!"PENDING".equals(charge.status())) {
                return;
            }
        } else {
            log.info("Polling charge {} of payment {}: {}", payment.chargeId(), payment.id(), answer);
        }
        payments.pollAgain(payment.id(), jittered(properties.nextAfter(payment.polls() + 1)), true);
    }

    /** Equal jitter: half the delay, plus up to the other half at random. */
    private static Duration jittered(Duration delay) {
        long half = delay.toNanos() / 2;
        return Duration.ofNanos(half + ThreadLocalRandom.current().nextLong(half + 1));
    }
}
