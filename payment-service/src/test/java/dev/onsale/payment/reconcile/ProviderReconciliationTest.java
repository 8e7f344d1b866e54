package dev.onsale.payment.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import dev.onsale.payment.provider.Endpoint;
import dev.onsale.payment.provider.LedgerView;
import dev.onsale.payment.provider.Outcome;
import dev.onsale.payment.provider.Provider;
import dev.onsale.payment.provider.ProviderAnswer;
import dev.onsale.payment.reconcile.OurRecords.KnownPayment;
import dev.onsale.payment.reconcile.OurRecords.KnownRefund;
import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.refund.RefundStatus;
import dev.onsale.payment.settlement.Applied;
import dev.onsale.payment.settlement.Settlement;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which ledger entries a pass hands to Settlement, and what it counts, against stand-ins for its neighbours. */
class ProviderReconciliationTest {

    private static final ReconcileProperties PROPERTIES = new ReconcileProperties(
            true, Duration.ofSeconds(60), Duration.ofHours(24), Duration.ofSeconds(60), "payment:reconcile:turn");

    private final Provider provider = mock(Provider.class);
    private final Settlement settlement = mock(Settlement.class);
    private final OurRecords records = mock(OurRecords.class);
    private final ReconcileTurn turn = mock(ReconcileTurn.class);
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final Map<UUID, KnownPayment> payments = new HashMap<>();
    private final Map<UUID, KnownRefund> refunds = new HashMap<>();
    private final ProviderReconciliation reconciliation =
            new ProviderReconciliation(PROPERTIES, provider, settlement, records, turn, new ReconcileMetrics(meters));

    @BeforeEach
    void setUp() {
        when(provider.refusing()).thenReturn(false);
        when(provider.permit(Endpoint.LEDGER)).thenReturn(true);
        when(turn.take()).thenReturn(true);
        when(records.paymentsOf(any())).thenReturn(payments);
        when(records.refundsOf(any())).thenReturn(refunds);
    }

    @Test
    void aChargeWhosePaymentHasNoChargeIdIsHandedToSettlement() {
        LedgerView.Charge charge = charge("SUCCEEDED", 5);
        payments.put(charge.orderId(), payment(charge.orderId(), PaymentStatus.FAILED, null));
        when(settlement.chargeObserved(charge.observation())).thenReturn(Applied.CHANGED);

        pass(List.of(charge), List.of());

        verify(settlement).chargeObserved(charge.observation());
        assertThat(count("charge", "settled")).isEqualTo(1);
    }

    @Test
    void aPendingChargeWhosePaymentHasNoChargeIdIsRememberedAndAnnouncesNothing() {
        LedgerView.Charge charge = charge("PENDING", 5);
        payments.put(charge.orderId(), payment(charge.orderId(), PaymentStatus.QUEUED, null));
        when(settlement.chargeObserved(charge.observation())).thenReturn(Applied.UNCHANGED);

        pass(List.of(charge), List.of());

        assertThat(count("charge", "recorded")).isEqualTo(1);
    }

    @Test
    void aFinalChargeItsPaymentKnowsButHasNotSettledWithIsHandedToSettlement() {
        LedgerView.Charge charge = charge("DECLINED", 5);
        payments.put(charge.orderId(), payment(charge.orderId(), PaymentStatus.SUBMITTED, charge.id()));
        when(settlement.chargeObserved(charge.observation())).thenReturn(Applied.CHANGED);

        pass(List.of(charge), List.of());

        verify(settlement).chargeObserved(charge.observation());
        assertThat(count("charge", "settled")).isEqualTo(1);
    }

    @Test
    void aChargeItsPaymentAlreadyReflectsOrStillPollsForIsMatchedAndLeftAlone() {
        LedgerView.Charge settled = charge("SUCCEEDED", 5);
        LedgerView.Charge pending = charge("PENDING", 5);
        payments.put(settled.orderId(), payment(settled.orderId(), PaymentStatus.SUCCEEDED, settled.id()));
        payments.put(pending.orderId(), payment(pending.orderId(), PaymentStatus.SUBMITTED, pending.id()));

        pass(List.of(settled, pending), List.of());

        verifyNoInteractions(settlement);
        assertThat(count("charge", "matched")).isEqualTo(2);
    }

    @Test
    void aChargeThatContradictsOurRecordsIsAConflictAndNotApplied() {
        LedgerView.Charge another = charge("SUCCEEDED", 5);
        LedgerView.Charge otherStatus = charge("SUCCEEDED", 5);
        payments.put(another.orderId(), payment(another.orderId(), PaymentStatus.SUCCEEDED, "ch_ours"));
        payments.put(otherStatus.orderId(), payment(otherStatus.orderId(), PaymentStatus.DECLINED, otherStatus.id()));

        pass(List.of(another, otherStatus), List.of());

        verifyNoInteractions(settlement);
        assertThat(count("charge", "conflict")).isEqualTo(2);
    }

    @Test
    void aChargeOfAnOrderWeHaveNoPaymentOfIsUnmatchedAndNotApplied() {
        pass(List.of(charge("SUCCEEDED", 5)), List.of());

        verifyNoInteractions(settlement);
        assertThat(count("charge", "unmatched")).isEqualTo(1);
    }

    @Test
    void entriesYoungerThanTheMinimumAgeAreLeftToTheWebhookAndThePoller() {
        LedgerView.Charge young = charge("SUCCEEDED", 0);
        payments.put(young.orderId(), payment(young.orderId(), PaymentStatus.QUEUED, null));

        pass(List.of(young), List.of());

        verifyNoInteractions(settlement);
        assertThat(meters.find("onsale.payments.reconciled").counters()).isEmpty();
    }

    @Test
    void aRefundOfOursNotYetSucceededIsHandedToSettlementAndASucceededOneIsMatchedOrAConflict() {
        LedgerView.Refund queued = refund(5);
        LedgerView.Refund known = refund(5);
        LedgerView.Refund second = refund(5);
        refunds.put(queued.orderId(), ourRefund(queued.orderId(), RefundStatus.QUEUED, null));
        refunds.put(known.orderId(), ourRefund(known.orderId(), RefundStatus.SUCCEEDED, known.id()));
        refunds.put(second.orderId(), ourRefund(second.orderId(), RefundStatus.SUCCEEDED, "re_ours"));
        when(settlement.refundObserved(queued.observation())).thenReturn(Applied.CHANGED);

        pass(List.of(), List.of(queued, known, second, refund(5)));

        verify(settlement).refundObserved(queued.observation());
        verify(settlement, never()).refundObserved(known.observation());
        verify(settlement, never()).refundObserved(second.observation());
        assertThat(count("refund", "settled")).isEqualTo(1);
        assertThat(count("refund", "matched")).isEqualTo(1);
        assertThat(count("refund", "conflict")).isEqualTo(1);
        assertThat(count("refund", "unmatched")).isEqualTo(1);
    }

    @Test
    void anEntrySettlementFailsOnIsAnErrorAndTheRestOfThePassGoesOn() {
        LedgerView.Charge failing = charge("SUCCEEDED", 5);
        LedgerView.Charge next = charge("SUCCEEDED", 5);
        payments.put(failing.orderId(), payment(failing.orderId(), PaymentStatus.FAILED, null));
        payments.put(next.orderId(), payment(next.orderId(), PaymentStatus.FAILED, null));
        when(settlement.chargeObserved(failing.observation())).thenThrow(new IllegalStateException("database"));
        when(settlement.chargeObserved(next.observation())).thenReturn(Applied.CHANGED);

        pass(List.of(failing, next), List.of());

        assertThat(count("charge", "error")).isEqualTo(1);
        assertThat(count("charge", "settled")).isEqualTo(1);
        assertThat(meters.get("onsale.payments.reconcile.pass")
                        .tag("outcome", "completed")
                        .timer()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void noLedgerIsReadWhileTheBreakerRefusesOrAnotherReplicaHasTheTurn() {
        when(provider.refusing()).thenReturn(true);
        reconciliation.pass();
        when(provider.refusing()).thenReturn(false);
        when(turn.take()).thenReturn(false);
        reconciliation.pass();

        verify(provider, never()).ledger(any());
        assertThat(meters.get("onsale.payments.reconcile.skipped")
                        .tag("reason", "breaker_open")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get("onsale.payments.reconcile.skipped")
                        .tag("reason", "turn_taken")
                        .counter()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void anUnreadableLedgerFailsThePassAndAppliesNothing() {
        when(provider.ledger(any())).thenReturn(new ProviderAnswer.Unavailable<>(Outcome.TIMEOUT, "no answer"));

        reconciliation.pass();

        verifyNoInteractions(settlement);
        assertThat(meters.get("onsale.payments.reconcile.pass")
                        .tag("outcome", "failed")
                        .timer()
                        .count())
                .isEqualTo(1);
    }

    private void pass(List<LedgerView.Charge> charges, List<LedgerView.Refund> refundEntries) {
        when(provider.ledger(any())).thenReturn(new ProviderAnswer.Accepted<>(new LedgerView(charges, refundEntries)));
        reconciliation.pass();
    }

    private double count(String kind, String result) {
        Counter counter = meters.find("onsale.payments.reconciled")
                .tag("kind", kind)
                .tag("result", result)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    /** A charge of a new order, created {@code minutesAgo}. */
    private static LedgerView.Charge charge(String status, int minutesAgo) {
        return new LedgerView.Charge(
                "ch_" + UUID.randomUUID(),
                UUID.randomUUID(),
                3000,
                "EUR",
                status,
                "DECLINED".equals(status) ? "card_declined" : null,
                createdMinutesAgo(minutesAgo));
    }

    private static LedgerView.Refund refund(int minutesAgo) {
        return new LedgerView.Refund(
                "re_" + UUID.randomUUID(),
                "ch_" + UUID.randomUUID(),
                UUID.randomUUID(),
                3000,
                "SUCCEEDED",
                createdMinutesAgo(minutesAgo));
    }

    private static KnownPayment payment(UUID orderId, PaymentStatus status, String chargeId) {
        return new KnownPayment(UUID.randomUUID(), orderId, status, chargeId);
    }

    private static KnownRefund ourRefund(UUID orderId, RefundStatus status, String providerRefundId) {
        return new KnownRefund(UUID.randomUUID(), orderId, status, providerRefundId);
    }

    private static long createdMinutesAgo(int minutes) {
        return Instant.now().minus(Duration.ofMinutes(minutes)).getEpochSecond();
    }
}
