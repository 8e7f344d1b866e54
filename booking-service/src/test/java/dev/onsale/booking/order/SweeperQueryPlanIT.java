package dev.onsale.booking.order;

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
class SweeperQueryPlanIT {

    /** Ended orders pile up through a sale; the sweeper must not read them every second. */
    private static final int ENDED_ORDERS = 5000;

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void theSweeperFindsOverdueHoldsAndPaymentsThroughTheirPartialIndexesAmongThousandsOfEndedOrders() {
        UUID eventId = OpenEvents.create(BookingCalls.at(port), "Sweeper plans", 1, 10, 600, 4);
        jdbc.update("""
                INSERT INTO booking.orders (id, event_id, session_id, status, amount_cents, currency, expires_at, created_at)
                SELECT gen_random_uuid(), ?, gen_random_uuid(), (ARRAY['EXPIRED', 'CANCELLED', 'CONFIRMED'])[1 + n % 3],
                       5000, 'EUR', now() - n * interval '1 second', now() - interval '1 hour'
                FROM generate_series(1, ?) AS n
                """, eventId, ENDED_ORDERS);
        jdbc.execute("ANALYZE booking.orders");

        String holds = QueryPlans.custom(jdbc, Orders.LOCK_OVERDUE_HOLDS, 100);
        String holdsGeneric = QueryPlans.generic(jdbc, Orders.LOCK_OVERDUE_HOLDS, "int", "100");
        String payments = QueryPlans.custom(jdbc, Orders.LOCK_OVERDUE_PAYMENTS, 100);
        System.out.printf(
                "Overdue holds:%n%s%n(generic plan)%n%s%nOverdue payments:%n%s%n", holds, holdsGeneric, payments);
        for (String plan : new String[] {holds, holdsGeneric}) {
            assertThat(plan)
                    .contains("Index Scan using orders_held_expiry on orders")
                    .doesNotContain("Seq Scan on orders");
        }
        assertThat(payments)
                .contains("Index Scan using orders_payment_deadline on orders")
                .doesNotContain("Seq Scan on orders");
    }
}
