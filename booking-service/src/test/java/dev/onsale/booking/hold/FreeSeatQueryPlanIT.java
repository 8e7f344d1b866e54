package dev.onsale.booking.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.QueryPlans;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

@BookingServiceTest
class FreeSeatQueryPlanIT {

    private static final int ROWS = 50;
    private static final int SEATS_PER_ROW = 100;
    /** Rows held before the second look: 80% of the event, as late in a sale. */
    private static final int HELD_ROWS = 40;

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theFreeSeatWindowOfAQuantityAllocationIsReadThroughThePartialIndexSeatsFreeEvenWhenHeldSeatsPileUp() {
        UUID eventId = OpenEvents.create(BookingCalls.at(port), "Plans", ROWS, SEATS_PER_ROW, 600, 4);
        jdbc.execute("ANALYZE booking.seats");
        assertUsesSeatsFree(eventId, "all 5000 seats free");

        holdRows(eventId);
        jdbc.execute("ANALYZE booking.seats");
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.seats WHERE event_id = ? AND status = 'HELD'",
                        Long.class,
                        eventId))
                .isEqualTo((long) HELD_ROWS * SEATS_PER_ROW);
        assertUsesSeatsFree(eventId, "4000 of 5000 seats held");
    }

    private void assertUsesSeatsFree(UUID eventId, String when) {
        String custom = QueryPlans.custom(jdbc, SeatAllocator.LOCK_FREE_WINDOW, eventId, 32);
        String generic =
                QueryPlans.generic(jdbc, SeatAllocator.LOCK_FREE_WINDOW, "uuid, int", "'" + eventId + "'", "32");
        System.out.printf("Free-seat window, %s:%n%s%n(generic plan)%n%s%n", when, custom, generic);
        for (String plan : new String[] {custom, generic}) {
            assertThat(plan)
                    .as(when)
                    .contains("Index Scan using seats_free on seats")
                    .doesNotContain("Seq Scan")
                    .doesNotContain("seats_pkey")
                    .doesNotContain("Sort");
        }
    }

    /** Rows 1..HELD_ROWS held, each by an order of its own, as allocation leaves them (order, its seats, the claim). */
    private void holdRows(UUID eventId) {
        jdbc.update("""
                INSERT INTO booking.orders (id, event_id, session_id, status, amount_cents, currency, expires_at)
                SELECT md5(?::text || r)::uuid, ?, gen_random_uuid(), 'HELD', 500000, 'EUR', now() + interval '10 minutes'
                FROM generate_series(1, ?) AS r
                """, eventId, eventId, HELD_ROWS);
        jdbc.update("""
                INSERT INTO booking.order_seats (order_id, event_id, seat_id, position, price_cents)
                SELECT md5(?::text || row_no)::uuid, event_id, seat_id, seat_no - 1, price_cents
                FROM booking.seats WHERE event_id = ? AND row_no <= ?
                """, eventId, eventId, HELD_ROWS);
        jdbc.update("""
                UPDATE booking.seats SET status = 'HELD', order_id = md5(?::text || row_no)::uuid
                WHERE event_id = ? AND row_no <= ?
                """, eventId, eventId, HELD_ROWS);
    }
}
