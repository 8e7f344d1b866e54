package dev.onsale.booking.reconciliation;

import dev.onsale.booking.reconciliation.ReconciliationReport.DatabaseCounts;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.common.events.SaleState;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The database's side of one event for a reconciliation run, read in one REPEATABLE READ transaction (one
 * snapshot: the seats' counts and the orders agree with each other), and the oversell checks, which need no gate.
 */
@Component
class DatabaseSide {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate snapshot;

    DatabaseSide(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.snapshot = Snapshots.readOnly(transactions);
    }

    /** An event whose sale is not closed: the ones a run reconciles, with what its gate enforces. */
    record OpenEvent(UUID eventId, ReconcileGate.Settings settings) {

        int capacity() {
            return settings.capacity();
        }
    }

    /** One event's side: the command for the gate, and the oversells found in the database itself. */
    record Side(ReconcileGate command, DatabaseCounts counts, List<ReconciliationReport.Drift> oversells) {}

    List<OpenEvent> openEvents() {
        return jdbc.query(
                """
                SELECT id, capacity, sale_state, max_per_order, hold_ttl_seconds
                FROM booking.events WHERE sale_state <> 'CLOSED' ORDER BY created_at
                """,
                (rs, i) -> new OpenEvent(
                        rs.getObject("id", UUID.class),
                        new ReconcileGate.Settings(
                                rs.getInt("capacity"),
                                SaleState.valueOf(rs.getString("sale_state")),
                                rs.getInt("max_per_order"),
                                rs.getInt("hold_ttl_seconds"))));
    }

    Side read(UUID runId, OpenEvent event, Duration inFlightWindow) {
        return snapshot.execute(status -> {
            Instant asOf = jdbc.queryForObject("SELECT clock_timestamp()", Timestamp.class)
                    .toInstant();
            int[] seats = jdbc.queryForObject(
                    """
                    SELECT count(*) FILTER (WHERE status = 'FREE') AS free, count(*) FILTER (WHERE status = 'HELD') AS held,
                           count(*) FILTER (WHERE status = 'SOLD') AS sold
                    FROM booking.seats WHERE event_id = ?
                    """,
                    (rs, i) -> new int[] {rs.getInt("free"), rs.getInt("held"), rs.getInt("sold")},
                    event.eventId());
            List<DatabaseOrder> orders =
                    jdbc.query("""
                    SELECT o.id, o.session_id, o.status, o.updated_at, coalesce(o.payment_deadline, o.expires_at) AS ends_at,
                           array_remove(array_agg(os.seat_id ORDER BY os.position), NULL) AS seats
                    FROM booking.orders o LEFT JOIN booking.order_seats os ON os.order_id = o.id
                    WHERE o.event_id = ?
                      AND (o.status IN ('HELD', 'PAYMENT_PENDING', 'CONFIRMED') OR o.updated_at > ?)
                    GROUP BY o.id
                    """, DatabaseSide::order, event.eventId(), Timestamp.from(asOf.minus(inFlightWindow)));
            var counts = new DatabaseCounts(seats[0], seats[1], seats[2]);
            var command = ReconcileGate.whole(
                    runId,
                    event.eventId(),
                    asOf,
                    inFlightWindow.toMillis(),
                    event.settings(),
                    counts.free(),
                    counts.held(),
                    counts.sold(),
                    orders);
            return new Side(command, counts, oversells(event));
        });
    }

    /** Seats in two live or sold orders, and more tickets than seats: what the constraints should make impossible. */
    private List<ReconciliationReport.Drift> oversells(OpenEvent event) {
        List<ReconciliationReport.Drift> found = new ArrayList<>(jdbc.query(
                """
                SELECT os.seat_id, array_agg(o.id::text ORDER BY o.id) AS orders
                FROM booking.order_seats os JOIN booking.orders o ON o.id = os.order_id
                WHERE os.event_id = ? AND o.status IN ('HELD', 'PAYMENT_PENDING', 'CONFIRMED')
                GROUP BY os.seat_id HAVING count(*) > 1
                ORDER BY os.seat_id
                """,
                (rs, i) -> {
                    List<String> orders = strings(rs.getArray("orders"));
                    return new ReconciliationReport.Drift(
                            "OVERSELL",
                            UUID.fromString(orders.getFirst()),
                            rs.getString("seat_id"),
                            "seat " + rs.getString("seat_id") + " is in " + orders.size() + " live or sold orders: "
                                    + String.join(", ", orders),
                            "");
                },
                event.eventId()));
        Integer tickets = jdbc.queryForObject(
                "SELECT count(*) FROM booking.tickets WHERE event_id = ?", Integer.class, event.eventId());
        if (tickets != null && tickets > event.capacity()) {
            found.add(new ReconciliationReport.Drift(
                    "OVERSELL", null, null, tickets + " tickets issued for " + event.capacity() + " seats", ""));
        }
        return found;
    }

    private static DatabaseOrder order(ResultSet rs, int row) throws SQLException {
        String status = rs.getString("status");
        boolean takes = status.equals("HELD") || status.equals("PAYMENT_PENDING") || status.equals("CONFIRMED");
        return new DatabaseOrder(
                rs.getObject("id", UUID.class),
                rs.getObject("session_id", UUID.class),
                takes ? status : "ENDED",
                strings(rs.getArray("seats")),
                rs.getTimestamp("updated_at").toInstant(),
                rs.getTimestamp("ends_at").toInstant());
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }
}
