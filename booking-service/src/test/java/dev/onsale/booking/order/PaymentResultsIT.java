package dev.onsale.booking.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingHttp;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.InventorySide;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.TopicTail;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.common.Topics;
import dev.onsale.common.events.OrderConfirmed;
import dev.onsale.common.events.OrderPaymentFailed;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
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
    UUID eventId;

    @BeforeEach
    void setUp(Engines engines) {
        orders = new PlacedOrders(allocation, jdbc);
        payments = new InventorySide(engines);
        orderEvents = new TopicTail(engines, Topics.ORDERS);
        eventId = OpenEvents.create(new BookingHttp(port), "Payments", 2, 10, 600, 4);
    }

    @AfterEach
    void tearDown() {
        payments.close();
        orderEvents.close();
    }

    @Test
    void aFailedPaymentFreesTheSeatsAtOnceAndIsAppliedOnceWhateverTheRedeliveries() {
        SeatsAllocated held = orders.hold(eventId, 2);
        transitions.startPayment(held.orderId()).orElseThrow();

        Envelope failed = payments.publish(Topics.PAYMENT_RESULTS, held.orderId(),
                new PaymentFailed(held.orderId(), UUID.randomUUID(), "card_declined"));
        payments.publish(Topics.PAYMENT_RESULTS, failed);

        await().atMost(Duration.ofSeconds(20)).until(() -> orders.status(held.orderId()).equals("PAYMENT_FAILED"));
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("FREE");
        orderEvents.awaitUntil(RELAYED, byKey -> !orderEvents.of(held.orderId(), OrderPaymentFailed.class).isEmpty());
        orderEvents.readFor(Duration.ofSeconds(1));
        assertThat(orderEvents.of(held.orderId(), OrderPaymentFailed.class)).hasSize(1);
    }

    @Test
    void aSuccessfulPaymentConfirmsALiveOrderSellsItsSeatsAndIssuesOneTicketPerSeat() {
        SeatsAllocated pending = orders.hold(eventId, 3);
        transitions.startPayment(pending.orderId()).orElseThrow();
        SeatsAllocated held = orders.hold(eventId, 1);

        Envelope succeeded = payments.publish(Topics.PAYMENT_RESULTS, pending.orderId(),
                new PaymentSucceeded(pending.orderId(), UUID.randomUUID(), pending.amountCents(), "EUR"));
        payments.publish(Topics.PAYMENT_RESULTS, succeeded);
        payments.publish(Topics.PAYMENT_RESULTS, held.orderId(),
                new PaymentSucceeded(held.orderId(), UUID.randomUUID(), held.amountCents(), "EUR"));

        await().atMost(Duration.ofSeconds(20)).until(() -> orders.status(pending.orderId()).equals("CONFIRMED")
                && orders.status(held.orderId()).equals("CONFIRMED"));
        assertThat(orders.seatStatuses(pending.orderId())).containsOnly("SOLD").hasSize(3);
        assertThat(jdbc.queryForList("SELECT seat_id FROM booking.tickets WHERE order_id = ?", String.class,
                pending.orderId())).containsExactlyInAnyOrderElementsOf(pending.seatIds());
        orderEvents.awaitUntil(RELAYED, byKey -> !orderEvents.of(pending.orderId(), OrderConfirmed.class).isEmpty()
                && !orderEvents.of(held.orderId(), OrderConfirmed.class).isEmpty());
        orderEvents.readFor(Duration.ofSeconds(1));
        assertThat(orderEvents.of(pending.orderId(), OrderConfirmed.class)).hasSize(1);
    }

    @Test
    void aSuccessForAnOrderThatAlreadyEndedLeavesItEndedAndIsCounted() {
        SeatsAllocated expired = orders.hold(eventId, 1);
        orders.overdue(expired.orderId());
        await().atMost(Duration.ofSeconds(10)).until(() -> orders.status(expired.orderId()).equals("EXPIRED"));
        double before = paidAfterEnd();
        SeatsAllocated sentinel = orders.hold(eventId, 1);
        transitions.startPayment(sentinel.orderId()).orElseThrow();

        payments.publish(Topics.PAYMENT_RESULTS, UUID.randomUUID(),
                new PaymentFailed(UUID.randomUUID(), UUID.randomUUID(), "unknown order"));
        payments.publish(Topics.PAYMENT_RESULTS, expired.orderId(),
                new PaymentSucceeded(expired.orderId(), UUID.randomUUID(), expired.amountCents(), "EUR"));
        payments.publish(Topics.PAYMENT_RESULTS, expired.orderId(),
                new PaymentFailed(expired.orderId(), UUID.randomUUID(), "late decline"));
        payments.publish(Topics.PAYMENT_RESULTS, sentinel.orderId(),
                new PaymentFailed(sentinel.orderId(), UUID.randomUUID(), "card_declined"));

        await().atMost(Duration.ofSeconds(20)).until(() -> orders.status(sentinel.orderId()).equals("PAYMENT_FAILED")
                && paidAfterEnd() == before + 1);
        assertThat(orders.status(expired.orderId())).isEqualTo("EXPIRED");
        assertThat(orders.seatStatuses(expired.orderId())).containsOnly("FREE");
    }

    private double paidAfterEnd() {
        Counter counter = meters.find("onsale.orders.paid.after.end").tag("status", "expired").counter();
        return counter == null ? 0 : counter.count();
    }
}
