package dev.onsale.booking.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.InventorySide;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.common.Topics;
import dev.onsale.common.events.OrderConfirmed;
import dev.onsale.common.events.OrderPaymentFailed;
import dev.onsale.common.events.OrderRefunded;
import dev.onsale.common.events.PaymentCommand;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.RefundIssued;
import dev.onsale.common.events.RefundRequested;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import dev.onsale.testing.TestHttp;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

@BookingServiceTest
class PaymentResultsIT {

    private static final Duration RELAYED = Duration.ofSeconds(30);

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    OrderTransitions transitions;

    @Autowired
    MeterRegistry meters;

    PlacedOrders orders;
    InventorySide payments;
    TopicTail orderEvents;
    TopicTail refundRequests;
    TestHttp http;
    UUID eventId;

    @BeforeEach
    void setUp(Engines engines) {
        orders = new PlacedOrders(allocation, jdbc);
        payments = new InventorySide(engines);
        orderEvents = new TopicTail(engines, Topics.ORDERS);
        refundRequests = new TopicTail(engines, Topics.PAYMENT_REQUESTS);
        http = BookingCalls.at(port);
        eventId = OpenEvents.create(http, "Payments", 2, 10, 600, 4);
    }

    @AfterEach
    void tearDown() {
        payments.close();
        orderEvents.close();
        refundRequests.close();
    }

    @Test
    void aFailedPaymentFreesTheSeatsAtOnceAndIsAppliedOnceWhateverTheRedeliveries() {
        SeatsAllocated held = orders.hold(eventId, 2);
        transitions.startPayment(held.orderId()).orElseThrow();

        Envelope failed = payments.publish(
                Topics.PAYMENT_RESULTS,
                held.orderId(),
                new PaymentFailed(held.orderId(), UUID.randomUUID(), "card_declined"));
        payments.publish(Topics.PAYMENT_RESULTS, failed);

        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(held.orderId()).equals("PAYMENT_FAILED"));
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("FREE");
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> !orderEvents
                        .of(held.orderId(), OrderPaymentFailed.class)
                        .isEmpty());
        orderEvents.readFor(Duration.ofSeconds(1));
        assertThat(orderEvents.of(held.orderId(), OrderPaymentFailed.class)).hasSize(1);
    }

    @Test
    void aSuccessfulPaymentConfirmsALiveOrderSellsItsSeatsAndIssuesOneTicketPerSeat() {
        SeatsAllocated pending = orders.hold(eventId, 3);
        transitions.startPayment(pending.orderId()).orElseThrow();
        SeatsAllocated held = orders.hold(eventId, 1);

        Envelope succeeded = payments.publish(
                Topics.PAYMENT_RESULTS,
                pending.orderId(),
                new PaymentSucceeded(pending.orderId(), UUID.randomUUID(), pending.amountCents(), "EUR"));
        payments.publish(Topics.PAYMENT_RESULTS, succeeded);
        payments.publish(
                Topics.PAYMENT_RESULTS,
                held.orderId(),
                new PaymentSucceeded(held.orderId(), UUID.randomUUID(), held.amountCents(), "EUR"));

        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(pending.orderId()).equals("CONFIRMED")
                        && orders.status(held.orderId()).equals("CONFIRMED"));
        assertThat(orders.seatStatuses(pending.orderId())).containsOnly("SOLD").hasSize(3);
        assertThat(jdbc.queryForList(
                        "SELECT seat_id FROM booking.tickets WHERE order_id = ?", String.class, pending.orderId()))
                .containsExactlyInAnyOrderElementsOf(pending.seatIds());
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> !orderEvents
                                .of(pending.orderId(), OrderConfirmed.class)
                                .isEmpty()
                        && !orderEvents.of(held.orderId(), OrderConfirmed.class).isEmpty());
        orderEvents.readFor(Duration.ofSeconds(1));
        assertThat(orderEvents.of(pending.orderId(), OrderConfirmed.class)).hasSize(1);
    }

    @Test
    void aSuccessForAnOrderThatAlreadyEndedLeavesItEndedCountsItAndAsksForTheMoneyBack() {
        SeatsAllocated expired = orders.hold(eventId, 1);
        orders.overdue(expired.orderId());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> orders.status(expired.orderId()).equals("EXPIRED"));
        double before = paidAfterEnd("expired");
        SeatsAllocated sentinel = orders.hold(eventId, 1);
        transitions.startPayment(sentinel.orderId()).orElseThrow();
        UUID unknownPayment = UUID.randomUUID();

        payments.publish(
                Topics.PAYMENT_RESULTS,
                UUID.randomUUID(),
                new PaymentFailed(UUID.randomUUID(), UUID.randomUUID(), "unknown order"));
        payments.publish(
                Topics.PAYMENT_RESULTS,
                expired.orderId(),
                new PaymentSucceeded(expired.orderId(), unknownPayment, expired.amountCents(), "EUR"));
        payments.publish(
                Topics.PAYMENT_RESULTS,
                expired.orderId(),
                new PaymentFailed(expired.orderId(), UUID.randomUUID(), "late decline"));
        payments.publish(
                Topics.PAYMENT_RESULTS,
                sentinel.orderId(),
                new PaymentFailed(sentinel.orderId(), UUID.randomUUID(), "card_declined"));

        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(sentinel.orderId()).equals("PAYMENT_FAILED")
                        && paidAfterEnd("expired") == before + 1);
        assertThat(orders.status(expired.orderId())).isEqualTo("EXPIRED");
        assertThat(orders.seatStatuses(expired.orderId())).containsOnly("FREE");
        RefundRequested refund = onlyRefundRequestedFor(expired.orderId());
        assertThat(refund)
                .isEqualTo(
                        new RefundRequested(expired.orderId(), unknownPayment, expired.amountCents(), "order_expired"));
    }

    @Test
    void aLateSuccessAfterTheSeatsWereSoldToSomeoneElseIsRefundedOnceAndTheOrderEndsRefunded() {
        UUID smallEvent = OpenEvents.create(http, "Late success", 1, 2, 600, 4);
        UUID buyer = UUID.randomUUID();
        SeatsAllocated late = orders.hold(smallEvent, buyer, 2);
        UUID paymentId = pay(late.orderId(), buyer);
        assertThat(payment(paymentId)).containsEntry("status", "PROCESSING");
        jdbc.update(
                "UPDATE booking.orders SET payment_deadline = now() - interval '1 second' WHERE id = ?",
                late.orderId());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> orders.status(late.orderId()).equals("EXPIRED"));
        SeatsAllocated other = orders.hold(smallEvent, 2);
        assertThat(other.seatIds()).containsExactlyInAnyOrderElementsOf(late.seatIds());
        payments.publish(
                Topics.PAYMENT_RESULTS,
                other.orderId(),
                new PaymentSucceeded(other.orderId(), UUID.randomUUID(), other.amountCents(), "EUR"));
        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(other.orderId()).equals("CONFIRMED"));
        double before = paidAfterEnd("expired");

        Envelope success = payments.publish(
                Topics.PAYMENT_RESULTS,
                late.orderId(),
                new PaymentSucceeded(late.orderId(), paymentId, late.amountCents(), "EUR"));
        payments.publish(Topics.PAYMENT_RESULTS, success);

        refundRequests.awaitUntil(
                RELAYED,
                byKey -> !refundRequests
                        .of(late.orderId(), RefundRequested.class)
                        .isEmpty());
        awaitApplied(success);
        refundRequests.readFor(Duration.ofSeconds(2));
        assertThat(onlyRefundRequestedFor(late.orderId()))
                .isEqualTo(new RefundRequested(late.orderId(), paymentId, 10_000, "order_expired"));
        assertThat(refundRequests
                        .of(late.orderId(), RefundRequested.class)
                        .getFirst()
                        .key())
                .isEqualTo(late.orderId().toString());
        assertThat(payment(paymentId)).containsEntry("status", "REFUND_PENDING");
        assertThat(paidAfterEnd("expired")).isEqualTo(before + 1);
        assertThat(orders.status(late.orderId())).isEqualTo("EXPIRED");
        assertThat(seatOwners(smallEvent)).containsOnly(other.orderId());
        assertThat(orders.seatStatuses(other.orderId())).containsOnly("SOLD");

        UUID refundId = UUID.randomUUID();
        Envelope refunded = payments.publish(
                Topics.PAYMENT_RESULTS,
                late.orderId(),
                new RefundIssued(late.orderId(), paymentId, refundId, late.amountCents()));
        payments.publish(Topics.PAYMENT_RESULTS, refunded);

        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(late.orderId()).equals("REFUNDED"));
        assertThat(payment(paymentId)).containsEntry("status", "REFUNDED").containsEntry("refund_id", refundId);
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> !orderEvents.of(late.orderId(), OrderRefunded.class).isEmpty());
        orderEvents.readFor(Duration.ofSeconds(1));
        assertThat(orderEvents.of(late.orderId(), OrderRefunded.class)).hasSize(1);
        assertThat(seatOwners(smallEvent)).containsOnly(other.orderId());
    }

    @Test
    void duplicatedAndReorderedResultsOfOnePaymentAskForItsRefundOnlyOnce() {
        UUID buyer = UUID.randomUUID();
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        UUID paymentId = pay(held.orderId(), buyer);
        double before = paidAfterEnd("payment_failed");

        payments.publish(
                Topics.PAYMENT_RESULTS,
                held.orderId(),
                new PaymentFailed(held.orderId(), paymentId, "provider_unavailable"));
        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(held.orderId()).equals("PAYMENT_FAILED"));
        assertThat(payment(paymentId)).containsEntry("status", "FAILED");
        PaymentSucceeded late = new PaymentSucceeded(held.orderId(), paymentId, held.amountCents(), "EUR");
        Envelope first = payments.publish(Topics.PAYMENT_RESULTS, held.orderId(), late);
        payments.publish(Topics.PAYMENT_RESULTS, first);
        Envelope again = payments.publish(Topics.PAYMENT_RESULTS, held.orderId(), late);
        payments.publish(Topics.PAYMENT_RESULTS, again);

        awaitApplied(first);
        awaitApplied(again);
        refundRequests.awaitUntil(
                RELAYED,
                byKey -> !refundRequests
                        .of(held.orderId(), RefundRequested.class)
                        .isEmpty());
        refundRequests.readFor(Duration.ofSeconds(2));
        assertThat(onlyRefundRequestedFor(held.orderId()))
                .isEqualTo(new RefundRequested(held.orderId(), paymentId, 5_000, "order_payment_failed"));
        assertThat(payment(paymentId))
                .containsEntry("status", "REFUND_PENDING")
                .containsEntry("failure_reason", "provider_unavailable");
        assertThat(paidAfterEnd("payment_failed")).isEqualTo(before + 1);

        payments.publish(
                Topics.PAYMENT_RESULTS,
                held.orderId(),
                new RefundIssued(held.orderId(), paymentId, UUID.randomUUID(), held.amountCents()));
        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(held.orderId()).equals("REFUNDED"));
        Envelope afterRefund = payments.publish(Topics.PAYMENT_RESULTS, held.orderId(), late);
        Envelope staleDecline = payments.publish(
                Topics.PAYMENT_RESULTS, held.orderId(), new PaymentFailed(held.orderId(), paymentId, "card_declined"));

        awaitApplied(afterRefund);
        awaitApplied(staleDecline);
        refundRequests.readFor(Duration.ofSeconds(2));
        assertThat(refundRequests.of(held.orderId(), RefundRequested.class)).hasSize(1);
        assertThat(orders.status(held.orderId())).isEqualTo("REFUNDED");
        assertThat(payment(paymentId)).containsEntry("status", "REFUNDED");
        assertThat(paidAfterEnd("payment_failed")).isEqualTo(before + 1);
    }

    @Test
    void aDeclineFailsThePaymentAndTheOrderAndFreesItsSeatsInTheSameStep() {
        UUID buyer = UUID.randomUUID();
        SeatsAllocated held = orders.hold(eventId, buyer, 2);
        UUID paymentId = pay(held.orderId(), buyer);
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("HELD");

        Envelope declined = payments.publish(
                Topics.PAYMENT_RESULTS, held.orderId(), new PaymentFailed(held.orderId(), paymentId, "card_declined"));
        payments.publish(Topics.PAYMENT_RESULTS, declined);

        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(held.orderId()).equals("PAYMENT_FAILED"));
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("FREE").hasSize(2);
        assertThat(payment(paymentId))
                .containsEntry("status", "FAILED")
                .containsEntry("failure_reason", "card_declined");
        assertThat(payment(paymentId).get("settled_at")).isNotNull();
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> !orderEvents
                        .of(held.orderId(), OrderPaymentFailed.class)
                        .isEmpty());
        refundRequests.readFor(Duration.ofSeconds(1));
        assertThat(orderEvents.of(held.orderId(), OrderPaymentFailed.class)).hasSize(1);
        assertThat(refundRequests.of(held.orderId(), RefundRequested.class)).isEmpty();
    }

    @Test
    void aSuccessOfAPaidLiveOrderMarksItsPaymentSucceeded() {
        UUID buyer = UUID.randomUUID();
        SeatsAllocated held = orders.hold(eventId, buyer, 1);
        UUID paymentId = pay(held.orderId(), buyer);

        payments.publish(
                Topics.PAYMENT_RESULTS,
                held.orderId(),
                new PaymentSucceeded(held.orderId(), paymentId, held.amountCents(), "EUR"));
        Envelope staleDecline = payments.publish(
                Topics.PAYMENT_RESULTS, held.orderId(), new PaymentFailed(held.orderId(), paymentId, "card_declined"));

        awaitApplied(staleDecline);
        assertThat(orders.status(held.orderId())).isEqualTo("CONFIRMED");
        assertThat(payment(paymentId)).containsEntry("status", "SUCCEEDED").containsEntry("failure_reason", null);
    }

    private UUID pay(UUID orderId, UUID buyer) {
        TestHttp.Reply accepted = http.post("/api/orders/" + orderId + "/payments", "{\"paymentMethod\": \"tok_visa\"}")
                .buyer(buyer)
                .idempotencyKey(UUID.randomUUID().toString())
                .send();
        assertThat(accepted.status()).isEqualTo(202);
        return UUID.fromString(accepted.json().get("paymentId").asString());
    }

    private Map<String, Object> payment(UUID paymentId) {
        return jdbc.queryForMap(
                "SELECT status, failure_reason, settled_at, refund_id FROM booking.payments" + " WHERE payment_id = ?",
                paymentId);
    }

    /** Waits until the message was applied (its inbox row committed), whatever it did. */
    private void awaitApplied(Envelope message) {
        await().atMost(Duration.ofSeconds(20))
                .until(() -> jdbc.queryForObject("""
                SELECT count(*) FROM booking.processed_messages WHERE consumer = ? AND message_id = ?
                """, Long.class, PaymentOutcomes.CONSUMER, message.messageId()) == 1);
    }

    private RefundRequested onlyRefundRequestedFor(UUID orderId) {
        refundRequests.awaitUntil(
                RELAYED,
                byKey -> !refundRequests.of(orderId, RefundRequested.class).isEmpty());
        List<Envelope> relayed = refundRequests.of(orderId, RefundRequested.class);
        assertThat(relayed).hasSize(1);
        return (RefundRequested) relayed.getFirst().event(PaymentCommand.class);
    }

    /** The orders owning (holding or sold to) the seats of the event. */
    private List<UUID> seatOwners(UUID event) {
        return jdbc.queryForList("SELECT order_id FROM booking.seats WHERE event_id = ?", UUID.class, event);
    }

    private double paidAfterEnd(String status) {
        Counter counter = meters.find("onsale.orders.paid.after.end")
                .tag("status", status)
                .counter();
        return counter == null ? 0 : counter.count();
    }
}
