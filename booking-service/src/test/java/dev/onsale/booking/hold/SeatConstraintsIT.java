package dev.onsale.booking.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.order.PaymentOutcomes;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.SeatsAllocated;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/** What the schema refuses even from code that skips the allocator: each statement here is such a bug. */
@BookingServiceTest
class SeatConstraintsIT {

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    PaymentOutcomes payments;

    UUID eventId;
    SeatsAllocated first;
    SeatsAllocated second;

    @BeforeEach
    void twoHolds() {
        eventId = OpenEvents.create(BookingCalls.at(port), "Constraints", 1, 10, 600, 4);
        PlacedOrders orders = new PlacedOrders(allocation, jdbc);
        first = orders.hold(eventId, 1);
        second = orders.hold(eventId, 1);
    }

    @Test
    void aHeldSeatCannotBeTakenOverByAnotherOrder() {
        assertThatThrownBy(() -> jdbc.update(
                        "UPDATE booking.seats SET order_id = ? WHERE event_id = ? AND seat_id = ?",
                        second.orderId(),
                        eventId,
                        first.seatIds().getFirst()))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("is held by order");
        assertThat(owner(first.seatIds().getFirst())).isEqualTo(first.orderId());
    }

    @Test
    void aSeatIsHeldOnlyWithAnOrderAndOnlyByAnOrderThatListsIt() {
        assertThatThrownBy(() -> jdbc.update(
                        "UPDATE booking.seats SET status = 'HELD' WHERE event_id = ? AND seat_id = 'A-1-9'", eventId))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("seats_order_matches_status");
        assertThatThrownBy(() -> jdbc.update(
                        "UPDATE booking.seats SET order_id = ? WHERE event_id = ? AND seat_id = 'A-1-9'",
                        first.orderId(),
                        eventId))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("seats_order_matches_status");
        assertThatThrownBy(() -> jdbc.update(
                        "UPDATE booking.seats SET status = 'HELD', order_id = ?"
                                + " WHERE event_id = ? AND seat_id = 'A-1-9'",
                        first.orderId(),
                        eventId))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("seats_order_lists_seat");
        assertThat(owner("A-1-9")).isNull();
    }

    @Test
    void aSeatHasOneTicketEverAndASoldSeatStaysSold() {
        payments.apply(UUID.randomUUID(), new PaymentSucceeded(first.orderId(), UUID.randomUUID(), 5000, "EUR"));
        String seat = first.seatIds().getFirst();

        assertThatThrownBy(() -> jdbc.update(
                        "INSERT INTO booking.tickets (id, order_id, event_id, seat_id)" + " VALUES (?, ?, ?, ?)",
                        UUID.randomUUID(),
                        first.orderId(),
                        eventId,
                        seat))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("tickets_one_per_seat");
        assertThatThrownBy(() -> jdbc.update(
                        "UPDATE booking.seats SET status = 'FREE', order_id = NULL"
                                + " WHERE event_id = ? AND seat_id = ?",
                        eventId,
                        seat))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("is sold to order");
        assertThatThrownBy(() -> jdbc.update(
                        "UPDATE booking.seats SET status = 'SOLD', order_id = ?"
                                + " WHERE event_id = ? AND seat_id = 'A-1-9'",
                        first.orderId(),
                        eventId))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("is sold only by the order holding it");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM booking.tickets WHERE event_id = ?", Long.class, eventId))
                .isOne();
    }

    private UUID owner(String seat) {
        return jdbc.queryForObject(
                "SELECT order_id FROM booking.seats WHERE event_id = ? AND seat_id = ?", UUID.class, eventId, seat);
    }
}
