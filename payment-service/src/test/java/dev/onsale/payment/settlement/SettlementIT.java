package dev.onsale.payment.settlement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.RefundIssued;
import dev.onsale.engines.Engines;
import dev.onsale.payment.PaymentServiceTest;
import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.refund.RefundStatus;
import dev.onsale.payment.refund.Refunds;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Settlement against the real database and outbox, on payments written as fixtures that no dispatcher or poller
 * takes (due in an hour): each observation applied as often as it arrives, each result announced once.
 */
@PaymentServiceTest
class SettlementIT {

    private static final Duration RELAYED = Duration.ofSeconds(30);

    @Autowired
    Settlement settlement;

    @Autowired
    Payments payments;

    @Autowired
    Refunds refunds;

    @Autowired
    JdbcTemplate jdbc;

    TopicTail results;

    @BeforeEach
    void setUp(Engines engines) {
        results = new TopicTail(engines, Topics.PAYMENT_RESULTS);
    }

    @AfterEach
    void tearDown() {
        results.close();
    }

    @Test
    void aSuccessObservedTwiceSettlesThePaymentOnceAndAnnouncesItOnce() {
        Fixture payment = payment(PaymentStatus.SUBMITTED, "ch_" + UUID.randomUUID());

        Applied first = settlement.chargeObserved(payment.charge("SUCCEEDED", null));
        Applied again = settlement.chargeObserved(payment.charge("SUCCEEDED", null));

        assertThat(first).isEqualTo(Applied.CHANGED);
        assertThat(again).isEqualTo(Applied.UNCHANGED);
        assertThat(onlyResult(payment))
                .isEqualTo(new PaymentSucceeded(payment.orderId, payment.paymentId, 3000, "EUR"));
        assertThat(status(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void aResultThatArrivesBeforeTheAnswerToTheSubmissionIsNotOverwrittenByThatAnswer() {
        Fixture payment = payment(PaymentStatus.QUEUED, null);
        String chargeId = "ch_" + UUID.randomUUID();

        Applied applied = settlement.chargeObserved(
                new ProviderCharge(chargeId, payment.orderId, 3000, "EUR", "SUCCEEDED", null));
        boolean submitted = payments.markSubmitted(payment.paymentId, chargeId, Duration.ofSeconds(10));

        assertThat(applied).as("matched by order id").isEqualTo(Applied.CHANGED);
        assertThat(submitted).isFalse();
        assertThat(payments.find(payment.paymentId)).hasValueSatisfying(row -> {
            assertThat(row.status()).isEqualTo(PaymentStatus.SUCCEEDED);
            assertThat(row.chargeId()).isEqualTo(chargeId);
        });
        assertThat(onlyResult(payment)).isInstanceOf(PaymentSucceeded.class);
    }

    @Test
    void aPendingChargeIsOnlyRememberedAndAnnouncesNothing() {
        Fixture payment = payment(PaymentStatus.QUEUED, null);
        String chargeId = "ch_" + UUID.randomUUID();

        Applied applied =
                settlement.chargeObserved(new ProviderCharge(chargeId, payment.orderId, 3000, "EUR", "PENDING", null));

        assertThat(applied).isEqualTo(Applied.UNCHANGED);
        assertThat(payments.find(payment.paymentId)).hasValueSatisfying(row -> {
            assertThat(row.status()).isEqualTo(PaymentStatus.QUEUED);
            assertThat(row.chargeId()).isEqualTo(chargeId);
        });
        assertThat(results.readFor(Duration.ofSeconds(2)).get(payment.orderId.toString()))
                .isNull();
    }

    @Test
    void aDeclineAnnouncesTheProvidersFailureCodeOnce() {
        Fixture payment = payment(PaymentStatus.SUBMITTED, "ch_" + UUID.randomUUID());

        assertThat(settlement.chargeObserved(payment.charge("DECLINED", "insufficient_funds")))
                .isEqualTo(Applied.CHANGED);
        assertThat(settlement.chargeObserved(payment.charge("DECLINED", "insufficient_funds")))
                .isEqualTo(Applied.UNCHANGED);
        assertThat(settlement.chargeObserved(payment.charge("SUCCEEDED", null)))
                .as("decided once")
                .isEqualTo(Applied.UNCHANGED);

        assertThat(onlyResult(payment))
                .isEqualTo(new PaymentFailed(payment.orderId, payment.paymentId, "insufficient_funds"));
        assertThat(status(payment)).isEqualTo(PaymentStatus.DECLINED);
    }

    @Test
    void aChargeOfNoPaymentOfOursChangesNothing() {
        assertThat(settlement.chargeObserved(new ProviderCharge(
                        "ch_" + UUID.randomUUID(), UUID.randomUUID(), 3000, "EUR", "SUCCEEDED", null)))
                .isEqualTo(Applied.UNKNOWN);
        assertThat(settlement.refundObserved(new ProviderRefund(
                        "re_" + UUID.randomUUID(), "ch_" + UUID.randomUUID(), UUID.randomUUID(), 3000, "SUCCEEDED")))
                .isEqualTo(Applied.UNKNOWN);
    }

    @Test
    void givingUpAnnouncesOneFailureOnlyForAQueuedPaymentAndALaterSuccessStillSettlesIt() {
        Fixture queued = payment(PaymentStatus.QUEUED, null);
        Fixture submitted = payment(PaymentStatus.SUBMITTED, "ch_" + UUID.randomUUID());

        assertThat(settlement.failed(queued.paymentId, Settlement.PROVIDER_UNAVAILABLE))
                .isEqualTo(Applied.CHANGED);
        assertThat(settlement.failed(queued.paymentId, Settlement.PROVIDER_UNAVAILABLE))
                .isEqualTo(Applied.UNCHANGED);
        assertThat(settlement.failed(submitted.paymentId, Settlement.PROVIDER_UNAVAILABLE))
                .isEqualTo(Applied.UNCHANGED);
        String chargeId = "ch_" + UUID.randomUUID();
        assertThat(settlement.chargeObserved(
                        new ProviderCharge(chargeId, queued.orderId, 3000, "EUR", "SUCCEEDED", null)))
                .isEqualTo(Applied.CHANGED);

        results.awaitUntil(RELAYED, byKey -> results.of(queued.orderId).size() == 2);
        results.readFor(Duration.ofSeconds(1));
        assertThat(results.of(queued.orderId))
                .extracting(e -> e.event(PaymentResult.class))
                .containsExactly(
                        new PaymentFailed(queued.orderId, queued.paymentId, Settlement.PROVIDER_UNAVAILABLE),
                        new PaymentSucceeded(queued.orderId, queued.paymentId, 3000, "EUR"));
        assertThat(results.of(submitted.orderId)).isEmpty();
        assertThat(status(queued)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(status(submitted)).isEqualTo(PaymentStatus.SUBMITTED);
    }

    @Test
    void aDeclineAfterWeGaveUpResolvesThePaymentWithoutASecondFailure() {
        Fixture payment = payment(PaymentStatus.QUEUED, null);
        settlement.failed(payment.paymentId, Settlement.PROVIDER_UNAVAILABLE);
        String chargeId = "ch_" + UUID.randomUUID();

        Applied applied = settlement.chargeObserved(
                new ProviderCharge(chargeId, payment.orderId, 3000, "EUR", "DECLINED", "card_declined"));

        assertThat(applied).isEqualTo(Applied.UNCHANGED);
        assertThat(status(payment)).isEqualTo(PaymentStatus.DECLINED);
        assertThat(onlyResult(payment))
                .isEqualTo(new PaymentFailed(payment.orderId, payment.paymentId, Settlement.PROVIDER_UNAVAILABLE));
    }

    @Test
    void aRefundObservedTwiceIsIssuedOnceMatchedByItsChargeTheFirstTime() {
        String chargeId = "ch_" + UUID.randomUUID();
        Fixture payment = payment(PaymentStatus.SUCCEEDED, chargeId);
        UUID refundId = UUID.randomUUID();
        jdbc.update("""
                INSERT INTO payment.refunds (payment_id, refund_id, order_id, amount_cents, reason, status, due_at)
                VALUES (?, ?, ?, 3000, 'test', 'QUEUED', now() + interval '1 hour')
                """, payment.paymentId, refundId, payment.orderId);
        ProviderRefund observed =
                new ProviderRefund("re_" + UUID.randomUUID(), chargeId, payment.orderId, 3000, "SUCCEEDED");

        assertThat(settlement.refundObserved(observed)).isEqualTo(Applied.CHANGED);
        assertThat(settlement.refundObserved(observed)).isEqualTo(Applied.UNCHANGED);

        assertThat(onlyResult(payment)).isEqualTo(new RefundIssued(payment.orderId, payment.paymentId, refundId, 3000));
        assertThat(refunds.find(payment.paymentId).orElseThrow().status()).isEqualTo(RefundStatus.SUCCEEDED);
    }

    private record Fixture(UUID paymentId, UUID orderId, String chargeId) {
        ProviderCharge charge(String status, String failureCode) {
            return new ProviderCharge(chargeId, orderId, 3000, "EUR", status, failureCode);
        }
    }

    /** A payment of 30.00 EUR in {@code status}, due in an hour (so nothing but the test touches it). */
    private Fixture payment(PaymentStatus status, String chargeId) {
        Fixture fixture = new Fixture(UUID.randomUUID(), UUID.randomUUID(), chargeId);
        jdbc.update("""
                INSERT INTO payment.payments (payment_id, order_id, amount_cents, currency, payment_method, status,
                                              requested_at, deadline, due_at, charge_id, settled_at)
                VALUES (?, ?, 3000, 'EUR', 'tok_visa', ?, now(), now() + interval '1 hour', now() + interval '1 hour', ?,
                        CASE WHEN ? IN ('QUEUED', 'SUBMITTED') THEN NULL ELSE now() END)
                """, fixture.paymentId, fixture.orderId, status.name(), chargeId, status.name());
        return fixture;
    }

    private PaymentStatus status(Fixture fixture) {
        return payments.find(fixture.paymentId).orElseThrow().status();
    }

    private PaymentResult onlyResult(Fixture fixture) {
        results.awaitUntil(RELAYED, byKey -> !results.of(fixture.orderId).isEmpty());
        results.readFor(Duration.ofSeconds(1));
        List<Envelope> all = results.of(fixture.orderId);
        assertThat(all).hasSize(1);
        return all.getFirst().event(PaymentResult.class);
    }
}
