package dev.onsale.sandbox.charge;

import dev.onsale.sandbox.api.ApiException;
import dev.onsale.sandbox.api.Faults;
import dev.onsale.sandbox.api.IdempotencyKeys;
import dev.onsale.sandbox.settings.SandboxSettings;
import dev.onsale.sandbox.webhook.WebhookDispatcher;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The acquirer's books: every charge and refund ever created (until reset). A charge is created PENDING and
 * decided once, {@code decisionDelay} later, on a scheduler thread; the outcome leaves as a webhook.
 * Decisions scheduled before a reset are dropped (generation check).
 */
@Component
public class Ledger {

    private final SandboxSettings settings;
    private final Faults faults;
    private final IdempotencyKeys keys;
    private final WebhookDispatcher webhooks;
    private final MeterRegistry meters;
    private final Clock clock = Clock.systemUTC();
    private final Map<String, Charge> charges = new ConcurrentHashMap<>();
    private final Map<String, RefundView> refunds = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();
    private final ScheduledExecutorService decider = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("sandbox-decider").daemon().factory());

    Ledger(
            SandboxSettings settings,
            Faults faults,
            IdempotencyKeys keys,
            WebhookDispatcher webhooks,
            MeterRegistry meters) {
        this.settings = settings;
        this.faults = faults;
        this.keys = keys;
        this.webhooks = webhooks;
        this.meters = meters;
    }

    public ChargeView charge(String merchant, String idempotencyKey, ChargeRequest request) {
        IdempotencyKeys.validate(idempotencyKey);
        var method = request.validate();
        var fate = faults.draw();
        faults.before(fate);
        var answer = keys.once(merchant, "charges", idempotencyKey, request, () -> create(request, method));
        faults.after(fate);
        return answer;
    }

    public RefundView refund(String merchant, String idempotencyKey, RefundRequest request) {
        IdempotencyKeys.validate(idempotencyKey);
        request.validate();
        var fate = faults.draw();
        faults.before(fate);
        var answer = keys.once(merchant, "refunds", idempotencyKey, request, () -> createRefund(request));
        faults.after(fate);
        return answer;
    }

    public Optional<ChargeView> find(String chargeId) {
        return Optional.ofNullable(charges.get(chargeId)).map(Charge::view);
    }

    public List<ChargeView> charges() {
        var all = new ArrayList<>(charges.values().stream().map(Charge::view).toList());
        all.sort((a, b) -> Long.compare(a.created(), b.created()));
        return all;
    }

    public List<RefundView> refunds() {
        var all = new ArrayList<>(refunds.values());
        all.sort((a, b) -> Long.compare(a.created(), b.created()));
        return all;
    }

    public void reset() {
        generation.incrementAndGet();
        charges.clear();
        refunds.clear();
    }

    private ChargeView create(ChargeRequest request, PaymentMethod method) {
        var charge = new Charge(
                settings.newId("ch"), request, method, clock.instant().getEpochSecond());
        charges.put(charge.id(), charge);
        meters.counter("sandbox.charges.accepted").increment();
        long scheduledIn = generation.get();
        var delay = Duration.ofMillis(settings.current().decisionDelayMs());
        decider.schedule(() -> decide(charge, scheduledIn), delay.toMillis(), TimeUnit.MILLISECONDS);
        return charge.view();
    }

    private void decide(Charge charge, long scheduledIn) {
        if (scheduledIn != generation.get()) return;
        var decided = charge.decide();
        meters.counter("sandbox.charges", "outcome", decided.status().name().toLowerCase())
                .increment();
        webhooks.emit(decided.status() == ChargeStatus.SUCCEEDED ? "charge.succeeded" : "charge.failed", decided);
    }

    private RefundView createRefund(RefundRequest request) {
        var charge = charges.get(request.charge());
        if (charge == null)
            throw ApiException.notFound("No such charge: '" + request.charge() + "'")
                    .withParam("charge");
        long amount = request.amountCents() == null ? charge.refundableCents() : request.amountCents();
        try {
            charge.refund(amount);
        } catch (Charge.RefundRefused e) {
            throw ApiException.invalidRequest(e.getMessage()).withParam("charge");
        }
        var refund = new RefundView(
                settings.newId("re"),
                "refund",
                charge.id(),
                charge.orderId(),
                amount,
                charge.currency(),
                "SUCCEEDED",
                clock.instant().getEpochSecond());
        refunds.put(refund.id(), refund);
        meters.counter("sandbox.refunds").increment();
        webhooks.emit("refund.succeeded", refund);
        return refund;
    }

    @PreDestroy
    void stop() {
        decider.shutdownNow();
    }
}
