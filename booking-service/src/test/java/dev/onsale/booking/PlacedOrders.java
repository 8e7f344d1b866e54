package dev.onsale.booking;

import dev.onsale.booking.hold.Allocation;
import dev.onsale.common.events.AllocateSeats;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.SeatsAllocated;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/** Places orders directly through {@link Allocation} (as the hold-command listener would) and reads them back. */
public final class PlacedOrders {

    private final Allocation allocation;
    private final JdbcTemplate jdbc;

    public PlacedOrders(Allocation allocation, JdbcTemplate jdbc) {
        this.allocation = allocation;
        this.jdbc = jdbc;
    }

    /** A HELD order of {@code quantity} seats for a new session. */
    public SeatsAllocated hold(UUID eventId, int quantity) {
        return hold(eventId, UUID.randomUUID(), quantity);
    }

    public SeatsAllocated hold(UUID eventId, UUID sessionId, int quantity) {
        HoldReply reply = allocation
                .allocate(
                        UUID.randomUUID(),
                        new AllocateSeats(
                                UUID.randomUUID(),
                                eventId,
                                sessionId,
                                List.of(),
                                quantity,
                                Instant.now(),
                                Instant.now().plusSeconds(30)))
                .orElseThrow();
        if (!(reply instanceof SeatsAllocated allocated)) {
            throw new IllegalStateException("not allocated: " + reply);
        }
        return allocated;
    }

    public String status(UUID orderId) {
        return jdbc.queryForObject("SELECT status FROM booking.orders WHERE id = ?", String.class, orderId);
    }

    /** Statuses of the order's seats, e.g. [HELD, HELD]. */
    public List<String> seatStatuses(UUID orderId) {
        return jdbc.queryForList("""
                SELECT st.status FROM booking.order_seats s
                JOIN booking.seats st ON st.event_id = s.event_id AND st.seat_id = s.seat_id
                WHERE s.order_id = ? ORDER BY s.position
                """, String.class, orderId);
    }

    /** Moves the order's hold deadline into the past (the database's clock). */
    public void overdue(UUID orderId) {
        jdbc.update("UPDATE booking.orders SET expires_at = now() - interval '1 second' WHERE id = ?", orderId);
    }
}
