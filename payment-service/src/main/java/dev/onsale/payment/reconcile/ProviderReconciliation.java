package dev.onsale.payment.reconcile;

import dev.onsale.payment.provider.Endpoint;
import dev.onsale.payment.provider.LedgerView;
import dev.onsale.payment.provider.Provider;
import dev.onsale.payment.provider.ProviderAnswer;
import dev.onsale.payment.reconcile.OurRecords.KnownPayment;
import dev.onsale.payment.reconcile.OurRecords.KnownRefund;
import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.refund.RefundStatus;
import dev.onsale.payment.settlement.Applied;
import dev.onsale.payment.settlement.Settlement;
import dev.onsale.platform.scheduling.PeriodicPass;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Reconciliation against the acquirer's ledger, the backstop of invariant I2 (money is never kept without a
 * ticket): a charge created by an attempt whose answer never reached us, whose retries all failed and whose webhook
 * was lost is known to nobody else, since a poll needs the charge id. Every {@code interval}, on the replica that
 * takes the turn, reads {@code GET /v1/ledger} (through the circuit breaker, not paced: reads are not rate-limited)
 * for the entries of the last {@code lookback} that are at least {@code min-age} old, and hands to
 * {@link Settlement} every charge of one of our orders whose payment does not know that charge yet (no charge id,
 * or not yet the charge's final status) and every refund of ours not yet SUCCEEDED. Settlement does the rest: a
 * success after we gave up still announces PaymentSucceeded (booking refunds it if the order is gone), a decline
 * resolves the payment, a pending charge is remembered so the poller takes over. Entries of orders we have no
 * payment of, and entries that contradict our records, are counted and logged for an operator, never applied.
 * Idempotent: an entry already applied is {@code matched} and left alone.
 */
@Component
class ProviderReconciliation extends PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(ProviderReconciliation.class);
    private static final int LOGGED_IDS = 10;

    private final ReconcileProperties properties;
    private final Provider provider;
    private final Settlement settlement;
    private final OurRecords records;
    private final ReconcileTurn turn;
    private final ReconcileMetrics metrics;

    ProviderReconciliation(
            ReconcileProperties properties,
            Provider provider,
            Settlement settlement,
            OurRecords records,
            ReconcileTurn turn,
            ReconcileMetrics metrics) {
        super("payment-reconciliation", properties.enabled(), properties.interval());
        this.properties = properties;
        this.provider = provider;
        this.settlement = settlement;
        this.records = records;
        this.turn = turn;
        this.metrics = metrics;
    }

    @Override
    protected void pass() {
        if (provider.refusing()) {
            metrics.skipped("breaker_open");
            return;
        }
        if (!turn.take()) {
            metrics.skipped("turn_taken");
            return;
        }
        if (!provider.permit(Endpoint.LEDGER)) {
            metrics.skipped("breaker_open");
            return;
        }
        long start = System.nanoTime();
        String outcome = "failed";
        try {
            Instant now = Instant.now();
            ProviderAnswer<LedgerView> answer = provider.ledger(now.minus(properties.lookback()));
            if (!(answer instanceof ProviderAnswer.Accepted<LedgerView>(LedgerView ledger))) {
                log.warn(
                        "Reconciliation: the acquirer's ledger could not be read ({}); the next pass tries again",
                        answer);
                return;
            }
            reconcile(ledger, now.minus(properties.minAge()));
            outcome = "completed";
        } finally {
            metrics.pass(outcome, Duration.ofNanos(System.nanoTime() - start));
        }
    }

    /** Applies the entries created no later than {@code settledBy}. */
    private void reconcile(LedgerView ledger, Instant settledBy) {
        List<LedgerView.Charge> charges = ledger.charges().stream()
                .filter(c -> !c.createdAt().isAfter(settledBy))
                .toList();
        List<LedgerView.Refund> refunds = ledger.refunds().stream()
                .filter(r -> !r.createdAt().isAfter(settledBy))
                .toList();
        Tally tally = new Tally();
        if (!charges.isEmpty()) {
            Map<UUID, KnownPayment> ours = records.paymentsOf(charges.stream()
                    .map(LedgerView.Charge::orderId)
                    .filter(Objects::nonNull)
                    .distinct()
                    .toList());
            for (LedgerView.Charge charge : charges) {
                Reconciled result = guarded("charge " + charge.id(), () -> charge(charge, ours.get(charge.orderId())));
                metrics.reconciled("charge", result);
                tally.add(
                        result,
                        charge.id() + " (order " + charge.orderId() + ", " + charge.status() + ", "
                                + charge.amountCents() + " " + charge.currency() + ")");
            }
        }
        if (!refunds.isEmpty()) {
            Map<UUID, KnownRefund> ours = records.refundsOf(refunds.stream()
                    .map(LedgerView.Refund::orderId)
                    .filter(Objects::nonNull)
                    .distinct()
                    .toList());
            for (LedgerView.Refund refund : refunds) {
                Reconciled result = guarded("refund " + refund.id(), () -> refund(refund, ours.get(refund.orderId())));
                metrics.reconciled("refund", result);
                tally.add(
                        result,
                        refund.id() + " (charge " + refund.chargeId() + ", order " + refund.orderId() + ", "
                                + refund.amountCents() + ")");
            }
        }
        tally.report(charges.size() + refunds.size());
    }

    /**
     * A charge of one of our orders is handed to Settlement unless its payment already knows it: the same charge
     * id and either its final status or, while the ledger still says PENDING, the poller's to ask about.
     */
    private Reconciled charge(LedgerView.Charge charge, KnownPayment payment) {
        if (payment == null) {
            return Reconciled.UNMATCHED;
        }
        if (payment.chargeId() != null && !payment.chargeId().equals(charge.id())) {
            log.error(
                    "Reconciliation: charge {} ({}, {} {}) of order {} is not payment {}'s charge {}: money may be"
                            + " held twice, left for an operator",
                    charge.id(),
                    charge.status(),
                    charge.amountCents(),
                    charge.currency(),
                    charge.orderId(),
                    payment.paymentId(),
                    payment.chargeId());
            return Reconciled.CONFLICT;
        }
        if (charge.id().equals(payment.chargeId())) {
            PaymentStatus contradicting = switch (charge.status()) {
                case "SUCCEEDED" -> PaymentStatus.DECLINED;
                case "DECLINED" -> PaymentStatus.SUCCEEDED;
                default -> null;
            };
            if (payment.status() == contradicting) {
                log.error(
                        "Reconciliation: charge {} is {} at the acquirer but payment {} is {}: left for an operator",
                        charge.id(),
                        charge.status(),
                        payment.paymentId(),
                        payment.status());
                return Reconciled.CONFLICT;
            }
            if ("PENDING".equals(charge.status()) || payment.status().name().equals(charge.status())) {
                return Reconciled.MATCHED;
            }
        }
        Applied applied = settlement.chargeObserved(charge.observation());
        if (applied == Applied.CHANGED) {
            log.warn(
                    "Reconciliation: charge {} ({}) of order {} was unknown to payment {} ({}): settled from the"
                            + " ledger",
                    charge.id(),
                    charge.status(),
                    charge.orderId(),
                    payment.paymentId(),
                    payment.status());
        }
        return of(applied);
    }

    /** A refund of ours not yet SUCCEEDED is handed to Settlement. */
    private Reconciled refund(LedgerView.Refund refund, KnownRefund ours) {
        if (ours == null) {
            return Reconciled.UNMATCHED;
        }
        if (ours.status() == RefundStatus.SUCCEEDED) {
            if (refund.id().equals(ours.providerRefundId())) {
                return Reconciled.MATCHED;
            }
            log.error(
                    "Reconciliation: refund {} of charge {} (order {}) is a second refund of payment {} (ours is {}):"
                            + " left for an operator",
                    refund.id(),
                    refund.chargeId(),
                    refund.orderId(),
                    ours.paymentId(),
                    ours.providerRefundId());
            return Reconciled.CONFLICT;
        }
        Applied applied = settlement.refundObserved(refund.observation());
        if (applied == Applied.CHANGED) {
            log.warn(
                    "Reconciliation: refund {} of payment {} was unknown to us ({}): settled from the ledger",
                    refund.id(),
                    ours.paymentId(),
                    ours.status());
        }
        return applied == Applied.UNKNOWN ? Reconciled.UNMATCHED : of(applied);
    }

    private static Reconciled of(Applied applied) {
        return switch (applied) {
            case CHANGED -> Reconciled.SETTLED;
            case UNCHANGED -> Reconciled.RECORDED;
            case UNKNOWN -> Reconciled.CONFLICT;
        };
    }

    /** One entry's failure (a status outside the contract, the database) does not stop the pass. */
    private static Reconciled guarded(String entry, Supplier<Reconciled> step) {
        try {
            return step.get();
        } catch (RuntimeException e) {
            log.error("Reconciliation: applying {} failed; the next pass tries again", entry, e);
            return Reconciled.ERROR;
        }
    }

    /** What one pass made of its entries, for its log lines. */
    private static final class Tally {
        private final Map<Reconciled, Integer> counts = new EnumMap<>(Reconciled.class);
        private final List<String> unmatched = new ArrayList<>();

        void add(Reconciled result, String entry) {
            counts.merge(result, 1, Integer::sum);
            if (result == Reconciled.UNMATCHED && unmatched.size() < LOGGED_IDS) {
                unmatched.add(entry);
            }
        }

        void report(int entries) {
            int unmatchedCount = counts.getOrDefault(Reconciled.UNMATCHED, 0);
            if (unmatchedCount > 0) {
                log.warn(
                        "Reconciliation: {} ledger entries match no payment or refund of ours{}: {}",
                        unmatchedCount,
                        unmatchedCount > unmatched.size() ? " (first " + unmatched.size() + ")" : "",
                        unmatched);
            }
            if (counts.getOrDefault(Reconciled.MATCHED, 0) == entries) {
                log.debug("Reconciliation: {} ledger entries, all matched", entries);
            } else {
                log.info("Reconciliation: {} ledger entries: {}", entries, counts);
            }
        }
    }
}
