package dev.onsale.booking.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.common.events.SeatsAllocated;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

@BookingServiceTest
class OrderTransitionsIT {

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    OrderTransitions transitions;

    @Autowired
    TransactionTemplate transaction;

    @Test
    void startingPaymentMovesAHeldOrderToPaymentPendingAndRefusesAnyOtherState() {
        PlacedOrders orders = new PlacedOrders(allocation, jdbc);
        UUID eventId = OpenEvents.create(BookingCalls.at(port), "Transitions", 1, 10, 600, 4);
        SeatsAllocated held = orders.hold(eventId, 2);

        assertThat(transitions.startPayment(held.orderId()).orElseThrow().status())
                .isEqualTo(OrderStatus.PAYMENT_PENDING);
        assertThatThrownBy(() -> transitions.startPayment(held.orderId()))
                .isInstanceOf(IllegalOrderTransition.class)
                .hasMessageContaining("PAYMENT_PENDING to PAYMENT_PENDING");
        assertThat(transitions.startPayment(UUID.randomUUID())).isEmpty();

        SeatsAllocated ranOut = orders.hold(eventId, 1);
        orders.overdue(ranOut.orderId());
        // the application's sweeper may expire it first: either way a hold that ran out cannot start paying
        assertThatThrownBy(() -> transitions.startPayment(ranOut.orderId()))
                .isInstanceOf(IllegalOrderTransition.class)
                .hasMessageMatching(".*(hold ran out|cannot go from EXPIRED to PAYMENT_PENDING).*");
    }

    @Test
    void anIllegalTransitionThrowsAndWritesNothing() {
        PlacedOrders orders = new PlacedOrders(allocation, jdbc);
        UUID eventId = OpenEvents.create(BookingCalls.at(port), "Illegal", 1, 10, 600, 4);
        SeatsAllocated held = orders.hold(eventId, 2);
        transaction.executeWithoutResult(
                tx -> transitions.move(transitions.lock(held.orderId()).orElseThrow(), OrderStatus.CANCELLED));

        for (OrderStatus illegal : new OrderStatus[] {
            OrderStatus.CONFIRMED,
            OrderStatus.HELD,
            OrderStatus.EXPIRED,
            OrderStatus.PAYMENT_PENDING,
            OrderStatus.PAYMENT_FAILED
        }) {
            assertThatThrownBy(() -> transaction.executeWithoutResult(tx ->
                            transitions.move(transitions.lock(held.orderId()).orElseThrow(), illegal)))
                    .isInstanceOf(IllegalOrderTransition.class)
                    .hasMessageContaining("CANCELLED to " + illegal);
        }
        assertThat(orders.status(held.orderId())).isEqualTo("CANCELLED");
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("FREE");
        assertThat(jdbc.queryForObject("SELECT version FROM booking.orders WHERE id = ?", Long.class, held.orderId()))
                .isOne();
    }
}
