package dev.onsale.payment.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.payment.BookingSide;
import dev.onsale.payment.Instance;
import dev.onsale.payment.Meters;
import dev.onsale.payment.PaymentServiceTest;
import dev.onsale.payment.Sandbox;
import dev.onsale.payment.SandboxExtension;
import dev.onsale.payment.record.Payment;
import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.settlement.Settlement;
import dev.onsale.platform.testing.TopicTail;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.SetParams;
import tools.jackson.databind.JsonNode;

/**
 * The known gap, reproduced against the real sandbox and closed by the reconciliation: every attempt of a payment
 * times out after the acquirer created its charge, the charge's webhook is lost, the payment bound passes — and
 * only the acquirer's ledger still knows the money was taken. A context of its own (a 4 s payment bound, a pass
 * every second, no minimum age, a turn not shared with the other test contexts, which keep theirs a minute), closed
 * after the class.
 */
@ExtendWith({EmbeddedEnginesExtension.class, SandboxExtension.class})
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            PaymentServiceTest.TPS,
            PaymentServiceTest.POLL_AFTER,
            PaymentServiceTest.POLL_MAX_BACKOFF,
            PaymentServiceTest.POLL_INTERVAL,
            PaymentServiceTest.RETRY_MAX,
            PaymentServiceTest.BREAKER_OPEN_FOR,
            PaymentServiceTest.WEBHOOK_SECRET,
            "onsale.queue.payment-bound=4s",
            "onsale.reconcile.interval=1s",
            "onsale.reconcile.min-age=0s",
            "onsale.reconcile.turn-key=payment:reconcile:turn:reconciliation-it"
        })
@DirtiesContext
class ProviderReconciliationIT {

    private static final Duration SETTLED = Duration.ofSeconds(20);

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Payments payments;

    @Autowired
    MeterRegistry meters;

    @Autowired
    JedisPooled redis;

    @Autowired
    ReconcileProperties properties;

    final Sandbox sandbox = Sandbox.shared();
    BookingSide booking;
    TopicTail results;

    @BeforeEach
    void setUp(Engines engines) {
        booking = new BookingSide(engines);
        results = new TopicTail(engines, Topics.PAYMENT_RESULTS);
    }

    @AfterEach
    void tearDown() {
        redis.del(properties.turnKey());
        booking.close();
        results.close();
    }

    @Test
    void aChargeEveryAttemptTimedOutOnAndWhoseWebhookWasLostIsSettledOnceFromTheLedgerAfterTheGiveUp() {
        // Every request hangs past our 2 s timeout after the charge was created; no webhook arrives.
        Instance.prepare(context, port, Map.of("timeoutShare", 1.0, "timeoutHangMs", 3000, "webhookLossShare", 1.0));
        holdTheTurnElsewhere();
        PaymentRequested request = BookingSide.payment(2700, "tok_visa");
        double timeoutsBefore = Meters.providerCalls(meters, "charges", "timeout");
        double settledBefore = reconciled("settled");

        booking.publish(request);

        results.awaitUntil(SETTLED, byKey -> !results.of(request.orderId()).isEmpty());
        assertThat(results.of(request.orderId()).getFirst().event(PaymentResult.class))
                .isEqualTo(new PaymentFailed(request.orderId(), request.paymentId(), Settlement.PROVIDER_UNAVAILABLE));
        List<JsonNode> charges = sandbox.charges(request.orderId());
        assertThat(charges).as("the timed-out attempts' one charge").hasSize(1);
        String chargeId = charges.getFirst().get("id").asString();
        assertThat(charges.getFirst().get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(payments.find(request.paymentId())).hasValueSatisfying(payment -> {
            assertThat(payment.status()).isEqualTo(PaymentStatus.FAILED);
            assertThat(payment.chargeId()).as("nobody learnt the charge").isNull();
        });
        assertThat(Meters.providerCalls(meters, "charges", "timeout") - timeoutsBefore)
                .isGreaterThanOrEqualTo(1);

        sandbox.settings(Map.of("timeoutShare", 0.0, "webhookLossShare", 0.0));
        redis.del(properties.turnKey());

        results.awaitUntil(
                SETTLED,
                byKey -> !results.of(request.orderId(), PaymentSucceeded.class).isEmpty());
        assertThat(results.of(request.orderId(), PaymentSucceeded.class)
                        .getFirst()
                        .event(PaymentResult.class))
                .isEqualTo(new PaymentSucceeded(request.orderId(), request.paymentId(), 2700, "EUR"));
        Payment settled = payments.find(request.paymentId()).orElseThrow();
        assertThat(settled.status()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(settled.chargeId()).isEqualTo(chargeId);
        await().atMost(Duration.ofSeconds(5)).until(() -> reconciled("settled") - settledBefore == 1);

        // A second pass (and a third) finds the charge matched and changes nothing.
        double matchedBefore = reconciled("matched");
        long passes = completedPasses();
        await().atMost(Duration.ofSeconds(10)).until(() -> completedPasses() >= passes + 2);
        results.readFor(Duration.ofSeconds(1));
        assertThat(results.of(request.orderId(), PaymentFailed.class)).hasSize(1);
        assertThat(results.of(request.orderId(), PaymentSucceeded.class)).hasSize(1);
        assertThat(results.of(request.orderId())).hasSize(2);
        assertThat(reconciled("settled") - settledBefore).isEqualTo(1);
        assertThat(reconciled("matched") - matchedBefore).isGreaterThanOrEqualTo(1);
        assertThat(payments.find(request.paymentId()).orElseThrow()).isEqualTo(settled);
        assertThat(sandbox.charges(request.orderId())).hasSize(1);
    }

    @Test
    void aChargeOfAnOrderWeHaveNoPaymentOfIsCountedAsUnmatchedAndChangesNothing() {
        Instance.prepare(context, port, Map.of());
        UUID orderId = UUID.randomUUID();
        double unmatchedBefore = reconciled("unmatched");
        double settledBefore = reconciled("settled");
        double recordedBefore = reconciled("recorded");

        sandbox.charge("foreign-" + UUID.randomUUID(), orderId, 1200, "tok_visa");

        await().atMost(Duration.ofSeconds(10)).until(() -> reconciled("unmatched") > unmatchedBefore);
        long passes = completedPasses();
        await().atMost(Duration.ofSeconds(10)).until(() -> completedPasses() >= passes + 1);
        results.readFor(Duration.ofSeconds(1));
        assertThat(results.of(orderId)).isEmpty();
        assertThat(payments.findByOrder(orderId)).isEmpty();
        assertThat(sandbox.charges(orderId)).hasSize(1);
        assertThat(sandbox.refunds(orderId)).isEmpty();
        assertThat(reconciled("settled")).isEqualTo(settledBefore);
        assertThat(reconciled("recorded")).isEqualTo(recordedBefore);
        assertThat(reconciled("unmatched") - unmatchedBefore)
                .as("counted once per pass")
                .isGreaterThanOrEqualTo(2);
    }

    /**
     * As if another replica had just taken the turn: this one makes no pass until it is given back. Returns once a
     * pass of this replica was skipped, so no pass that began before is still reading the ledger.
     */
    private void holdTheTurnElsewhere() {
        double skipped = skipped();
        redis.set(properties.turnKey(), "another-replica", SetParams.setParams().px(60_000));
        await().atMost(Duration.ofSeconds(5)).until(() -> skipped() > skipped);
    }

    private double reconciled(String result) {
        Counter counter = meters.find("onsale.payments.reconciled")
                .tag("kind", "charge")
                .tag("result", result)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private double skipped() {
        Counter counter = meters.find("onsale.payments.reconcile.skipped")
                .tag("reason", "turn_taken")
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private long completedPasses() {
        Timer timer = meters.find("onsale.payments.reconcile.pass")
                .tag("outcome", "completed")
                .timer();
        return timer == null ? 0 : timer.count();
    }
}
