package dev.onsale.payment.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.engines.Engines;
import dev.onsale.payment.BookingSide;
import dev.onsale.payment.Instance;
import dev.onsale.payment.Meters;
import dev.onsale.payment.PaymentServiceTest;
import dev.onsale.payment.Sandbox;
import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.settlement.Applied;
import dev.onsale.payment.settlement.ProviderCharge;
import dev.onsale.payment.settlement.Settlement;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;

/** Payments from booking's command to the provider's ledger and back as a result, against the real sandbox. */
@PaymentServiceTest
class PaymentQueueIT {

    private static final Duration SETTLED = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Payments payments;

    @Autowired
    Settlement settlement;

    @Autowired
    MeterRegistry meters;

    final Sandbox sandbox = Sandbox.shared();
    BookingSide booking;
    TopicTail results;

    @BeforeEach
    void setUp(Engines engines) {
        Instance.prepare(context, port, Map.of());
        booking = new BookingSide(engines);
        results = new TopicTail(engines, Topics.PAYMENT_RESULTS);
    }

    @AfterEach
    void tearDown() {
        booking.close();
        results.close();
    }

    @Test
    void aRequestedPaymentIsChargedOnceAtTheProviderAndSucceeds() {
        PaymentRequested request = BookingSide.payment(3000, "tok_visa");

        booking.publish(request);

        assertThat(onlyResult(request))
                .isEqualTo(new PaymentSucceeded(request.orderId(), request.paymentId(), 3000, "EUR"));
        List<JsonNode> charges = sandbox.charges(request.orderId());
        assertThat(charges).hasSize(1);
        assertThat(charges.getFirst().get("amountCents").asLong()).isEqualTo(3000);
        assertThat(charges.getFirst().get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(payments.find(request.paymentId())).hasValueSatisfying(payment -> {
            assertThat(payment.status()).isEqualTo(PaymentStatus.SUCCEEDED);
            assertThat(payment.chargeId())
                    .isEqualTo(charges.getFirst().get("id").asString());
        });
    }

    @Test
    void aDeclinedCardFailsThePaymentWithTheProvidersReason() {
        PaymentRequested request = BookingSide.payment(2500, "tok_declined");

        booking.publish(request);

        assertThat(onlyResult(request))
                .isEqualTo(new PaymentFailed(request.orderId(), request.paymentId(), "card_declined"));
        assertThat(sandbox.charges(request.orderId())).hasSize(1);
        assertThat(payments.find(request.paymentId()).orElseThrow().status()).isEqualTo(PaymentStatus.DECLINED);
    }

    @Test
    void aPaymentMethodTheProviderDoesNotKnowFailsAtOnceWithoutARetryAndSaysSo() {
        PaymentRequested request = BookingSide.payment(2500, "tok_unheard_of");
        double rejectedBefore = Meters.providerCalls(meters, "charges", "rejected");

        booking.publish(request);

        PaymentResult result = onlyResult(request);
        assertThat(result).isInstanceOf(PaymentFailed.class);
        assertThat(((PaymentFailed) result).reason()).isEqualTo("unknown_payment_method");
        assertThat(sandbox.charges(request.orderId())).isEmpty();
        assertThat(Meters.providerCalls(meters, "charges", "rejected") - rejectedBefore)
                .isEqualTo(1);
        assertThat(payments.find(request.paymentId()).orElseThrow().attempts()).isZero();
    }

    @Test
    void theSameRequestRedeliveredOrDeliveredAgainInANewEnvelopeIsChargedOnce() {
        PaymentRequested request = BookingSide.payment(4000, "tok_visa");
        PaymentRequested otherPaymentOfTheOrder = new PaymentRequested(
                request.orderId(),
                UUID.randomUUID(),
                request.eventId(),
                request.sessionId(),
                4000,
                "EUR",
                "tok_visa",
                Instant.now());

        Envelope first = booking.publish(request);
        booking.publish(first);
        booking.publish(request);
        booking.publish(otherPaymentOfTheOrder);

        assertThat(onlyResult(request))
                .isEqualTo(new PaymentSucceeded(request.orderId(), request.paymentId(), 4000, "EUR"));
        assertThat(sandbox.charges(request.orderId())).hasSize(1);
        assertThat(payments.find(otherPaymentOfTheOrder.paymentId())).isEmpty();
    }

    @Test
    void aChargeThatWentThroughWhileItsRequestTimedOutIsRetriedWithTheSameKeyAndChargedOnce() {
        // Webhooks lost: the webhook would settle it before our request times out; the retry is what is tested.
        sandbox.settings(Map.of("timeoutShare", 1.0, "timeoutHangMs", 5000, "webhookLossShare", 1.0));
        PaymentRequested request = BookingSide.payment(3500, "tok_visa");
        double timeoutsBefore = Meters.providerCalls(meters, "charges", "timeout");
        long requestsBefore = sandbox.traffic().sum();

        booking.publish(request);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> sandbox.charges(request.orderId()).size() == 1);
        sandbox.settings(Map.of("timeoutShare", 0.0));

        assertThat(onlyResult(request))
                .isEqualTo(new PaymentSucceeded(request.orderId(), request.paymentId(), 3500, "EUR"));
        assertThat(sandbox.charges(request.orderId())).hasSize(1);
        assertThat(Meters.providerCalls(meters, "charges", "timeout") - timeoutsBefore)
                .isGreaterThanOrEqualTo(1);
        assertThat(sandbox.traffic().sum() - requestsBefore)
                .as("the retry reached the provider")
                .isGreaterThanOrEqualTo(2);
        assertThat(payments.find(request.paymentId()).orElseThrow().attempts()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void aChargeWhoseWebhookIsLostIsSettledByThePoller() {
        sandbox.settings(Map.of("webhookLossShare", 1.0));
        PaymentRequested request = BookingSide.payment(1500, "tok_visa");
        double pollsBefore = Meters.providerCalls(meters, "charge_status", "accepted");

        booking.publish(request);

        assertThat(onlyResult(request))
                .isEqualTo(new PaymentSucceeded(request.orderId(), request.paymentId(), 1500, "EUR"));
        assertThat(Meters.providerCalls(meters, "charge_status", "accepted") - pollsBefore)
                .isGreaterThanOrEqualTo(1);
    }

    @Test
    void aPaymentNotSubmittedWithinItsBoundFailsAndALaterSuccessStillSettlesIt() {
        sandbox.settings(Map.of("serverErrorShare", 1.0));
        Duration bound = context.getBean(QueueProperties.class).paymentBound();
        PaymentRequested request =
                BookingSide.payment(2000, "tok_visa", Instant.now().minus(bound).plusSeconds(3));

        booking.publish(request);

        results.awaitUntil(SETTLED, byKey -> !results.of(request.orderId()).isEmpty());
        assertThat(results.of(request.orderId()).getFirst().event(PaymentResult.class))
                .isEqualTo(new PaymentFailed(request.orderId(), request.paymentId(), Settlement.PROVIDER_UNAVAILABLE));
        assertThat(sandbox.charges(request.orderId()))
                .as("a 500 creates nothing")
                .isEmpty();

        // The provider captures it after all (as when a timed-out attempt went through) and says so.
        sandbox.settings(Map.of("serverErrorShare", 0.0));
        JsonNode charge = sandbox.charge(request.paymentId().toString(), request.orderId(), 2000, "tok_visa");
        String chargeId = charge.get("id").asString();
        await().atMost(Duration.ofSeconds(10))
                .until(() -> "SUCCEEDED"
                        .equals(sandbox.charge(chargeId).get("status").asString()));
        Applied applied = settlement.chargeObserved(
                new ProviderCharge(chargeId, request.orderId(), 2000, "EUR", "SUCCEEDED", null));

        assertThat(applied).isIn(Applied.CHANGED, Applied.UNCHANGED);
        results.awaitUntil(
                SETTLED,
                byKey -> !results.of(request.orderId(), PaymentSucceeded.class).isEmpty());
        results.readFor(Duration.ofSeconds(1));
        assertThat(results.of(request.orderId(), PaymentFailed.class)).hasSize(1);
        assertThat(results.of(request.orderId(), PaymentSucceeded.class)).hasSize(1);
        assertThat(payments.find(request.paymentId()).orElseThrow().status()).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void webhooksEachDeliveredTwiceAndOutOfOrderHaveOneEffectPerPayment() {
        // Every webhook twice (same event id), each copy delayed at random by up to 1.5 s: copies and
        // events of different payments overtake each other.
        sandbox.settings(Map.of("webhookDuplicateShare", 1.0, "webhookReorderDelayMs", 1500));
        double duplicatesBefore = meters.find("onsale.webhooks").tag("result", "duplicate").counters().stream()
                .mapToDouble(c -> c.count())
                .sum();
        List<PaymentRequested> requests = new java.util.ArrayList<>();
        for (int i = 0; i < 12; i++) {
            requests.add(BookingSide.payment(1000 + i, i % 3 == 0 ? "tok_declined" : "tok_visa"));
        }

        requests.forEach(booking::publish);

        results.awaitUntil(
                SETTLED,
                byKey ->
                        requests.stream().allMatch(r -> !results.of(r.orderId()).isEmpty()));
        // every duplicate has arrived by now (each copy at most 1.5 s late) and changed nothing
        await().atMost(SETTLED)
                .until(() -> meters.find("onsale.webhooks").tag("result", "duplicate").counters().stream()
                                        .mapToDouble(c -> c.count())
                                        .sum()
                                - duplicatesBefore
                        >= requests.size());
        results.readFor(Duration.ofSeconds(1));
        for (PaymentRequested request : requests) {
            List<Envelope> all = results.of(request.orderId());
            assertThat(all).as("results of payment %s", request.paymentId()).hasSize(1);
            assertThat(all.getFirst().event(PaymentResult.class))
                    .isInstanceOf(
                            request.paymentMethod().equals("tok_visa") ? PaymentSucceeded.class : PaymentFailed.class);
            assertThat(sandbox.charges(request.orderId())).hasSize(1);
        }
    }

    /** Waits for the payment's first result, then makes sure no second one follows. */
    private PaymentResult onlyResult(PaymentRequested request) {
        results.awaitUntil(SETTLED, byKey -> !results.of(request.orderId()).isEmpty());
        results.readFor(Duration.ofSeconds(1));
        List<Envelope> all = results.of(request.orderId());
        assertThat(all).hasSize(1);
        return all.getFirst().event(PaymentResult.class);
    }
}
