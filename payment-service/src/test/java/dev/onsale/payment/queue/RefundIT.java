package dev.onsale.payment.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.RefundIssued;
import dev.onsale.common.events.RefundRequested;
import dev.onsale.engines.Engines;
import dev.onsale.payment.BookingSide;
import dev.onsale.payment.Instance;
import dev.onsale.payment.PaymentServiceTest;
import dev.onsale.payment.Sandbox;
import dev.onsale.payment.refund.RefundStatus;
import dev.onsale.payment.refund.Refunds;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;

/** A captured payment booking can no longer use is given back once, however often booking asks. */
@PaymentServiceTest
class RefundIT {

    private static final Duration SETTLED = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Refunds refunds;

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
    void aRefundRequestedTwiceAndRedeliveredRefundsOnceAndIsIssuedOnce() {
        PaymentRequested request = BookingSide.payment(4200, "tok_visa");
        booking.publish(request);
        results.awaitUntil(
                SETTLED,
                byKey -> !results.of(request.orderId(), PaymentSucceeded.class).isEmpty());
        RefundRequested refund = new RefundRequested(request.orderId(), request.paymentId(), 4200, "order expired");

        Envelope first = booking.publish(refund);
        booking.publish(first);
        booking.publish(refund);

        results.awaitUntil(
                SETTLED,
                byKey -> !results.of(request.orderId(), RefundIssued.class).isEmpty());
        results.readFor(Duration.ofSeconds(2));
        List<Envelope> issued = results.of(request.orderId(), RefundIssued.class);
        assertThat(issued).hasSize(1);
        RefundIssued announced = (RefundIssued) issued.getFirst().event(PaymentResult.class);
        assertThat(announced.paymentId()).isEqualTo(request.paymentId());
        assertThat(announced.amountCents()).isEqualTo(4200);
        List<JsonNode> ledger = sandbox.refunds(request.orderId());
        assertThat(ledger).hasSize(1);
        assertThat(ledger.getFirst().get("amountCents").asLong()).isEqualTo(4200);
        assertThat(sandbox.charges(request.orderId())
                        .getFirst()
                        .get("amountRefundedCents")
                        .asLong())
                .isEqualTo(4200);
        assertThat(refunds.find(request.paymentId())).hasValueSatisfying(row -> {
            assertThat(row.status()).isEqualTo(RefundStatus.SUCCEEDED);
            assertThat(row.refundId()).isEqualTo(announced.refundId());
            assertThat(row.providerRefundId())
                    .isEqualTo(ledger.getFirst().get("id").asString());
        });
    }
}
