package dev.onsale.booking.reconciliation;

import dev.onsale.booking.reconciliation.EventLedger.Charge;
import dev.onsale.booking.reconciliation.EventLedger.Invariant;
import dev.onsale.booking.reconciliation.EventLedger.Refund;
import dev.onsale.booking.reconciliation.EventLedger.Seats;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads an event's ledger in one REPEATABLE READ snapshot and judges the invariants on it:
 * <ul>
 * <li>I1 no oversell — tickets do not outnumber seats, no seat is in two live or sold orders;</li>
 * <li>I2 no lost payment — every captured charge ends as its order confirmed or as a refund (requested or
 *     issued); a success whose order is not confirmed and that no refund answers is lost;</li>
 * <li>I3 no double charge — no order was charged twice.</li>
 * </ul>
 */
@Component
public class Ledgers {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate snapshot;

    Ledgers(JdbcTemplate jdbc, PlatformTransactionManager transactions) {
        this.jdbc = jdbc;
        this.snapshot = Snapshots.readOnly(transactions);
    }

    /** The event's ledger; empty if there is no such event. */
    public Optional<EventLedger> of(UUID eventId) {
        return snapshot.execute(status -> {
            List<Integer> capacity =
                    jdbc.queryForList("SELECT capacity FROM booking.events WHERE id = ?", Integer.class, eventId);
            if (capacity.isEmpty()) {
                return Optional.empty();
            }
            Instant asOf = jdbc.queryForObject("SELECT clock_timestamp()", Timestamp.class)
                    .toInstant();
            Seats seats = jdbc.queryForObject(
                    """
                    SELECT count(*) AS total, count(*) FILTER (WHERE status = 'FREE') AS free,
                           count(*) FILTER (WHERE status = 'HELD') AS held, count(*) FILTER (WHERE status = 'SOLD') AS sold
                    FROM booking.seats WHERE event_id = ?
                    """,
                    (rs, i) -> new Seats(rs.getInt("total"), rs.getInt("free"), rs.getInt("held"), rs.getInt("sold")),
                    eventId);
            int tickets = jdbc.queryForObject(
                    "SELECT count(*) FROM booking.tickets WHERE event_id = ?", Integer.class, eventId);
            List<Charge> charges = jdbc.query("""
                    SELECT p.payment_id, p.order_id, p.amount_cents, p.currency, p.status, o.status AS order_status, p.settled_at
                    FROM booking.payments p JOIN booking.orders o ON o.id = p.order_id
                    WHERE o.event_id = ? AND p.status IN ('SUCCEEDED', 'REFUND_PENDING', 'REFUNDED')
                    ORDER BY p.settled_at, p.payment_id
                    """, Ledgers::charge, eventId);
            List<Refund> refunds = jdbc.query("""
                    SELECT p.payment_id, p.order_id, p.refund_id, p.amount_cents, p.currency, p.refund_requested_at, p.refunded_at
                    FROM booking.payments p JOIN booking.orders o ON o.id = p.order_id
                    WHERE o.event_id = ? AND p.status IN ('REFUND_PENDING', 'REFUNDED')
                    ORDER BY p.refund_requested_at, p.payment_id
                    """, Ledgers::refund, eventId);
            List<String> doubleSeats = jdbc.queryForList("""
                    SELECT os.seat_id FROM booking.order_seats os JOIN booking.orders o ON o.id = os.order_id
                    WHERE os.event_id = ? AND o.status IN ('HELD', 'PAYMENT_PENDING', 'CONFIRMED')
                    GROUP BY os.seat_id HAVING count(*) > 1 ORDER BY os.seat_id
                    """, String.class, eventId);
            List<String> doubleCharged = jdbc.queryForList("""
                    SELECT p.order_id::text FROM booking.payments p JOIN booking.orders o ON o.id = p.order_id
                    WHERE o.event_id = ? AND p.status IN ('SUCCEEDED', 'REFUND_PENDING', 'REFUNDED')
                    GROUP BY p.order_id HAVING count(*) > 1
                    """, String.class, eventId);
            List<UUID> lost = charges.stream()
                    .filter(c -> c.paymentStatus().equals("SUCCEEDED")
                            && !c.orderStatus().equals("CONFIRMED"))
                    .map(Charge::paymentId)
                    .toList();
            long confirmed = charges.stream()
                    .filter(c -> c.orderStatus().equals("CONFIRMED")
                            && c.paymentStatus().equals("SUCCEEDED"))
                    .count();

            Map<String, Invariant> invariants = new LinkedHashMap<>();
            invariants.put(
                    "I1",
                    new Invariant(
                            tickets <= seats.total() && doubleSeats.isEmpty(),
                            "%d tickets for %d seats (%d sold); seats in two live or sold orders: %s"
                                    .formatted(
                                            tickets,
                                            seats.total(),
                                            seats.sold(),
                                            doubleSeats.isEmpty() ? "none" : String.join(", ", doubleSeats))));
            invariants.put(
                    "I2",
                    new Invariant(
                            lost.isEmpty(),
                            "%d captured charge(s): %d ended as a confirmed order, %d as a refund; without either: %s"
                                    .formatted(
                                            charges.size(),
                                            confirmed,
                                            refunds.size(),
                                            lost.isEmpty() ? "none" : lost)));
            invariants.put(
                    "I3",
                    new Invariant(
                            doubleCharged.isEmpty(),
                            "%d captured charge(s) for %d order(s); orders charged twice: %s"
                                    .formatted(
                                            charges.size(),
                                            charges.stream()
                                                    .map(Charge::orderId)
                                                    .distinct()
                                                    .count(),
                                            doubleCharged.isEmpty() ? "none" : String.join(", ", doubleCharged))));
            return Optional.of(new EventLedger(eventId, asOf, seats, tickets, charges, refunds, invariants));
        });
    }

    private static Charge charge(ResultSet rs, int row) throws SQLException {
        return new Charge(
                rs.getObject("payment_id", UUID.class),
                rs.getObject("order_id", UUID.class),
                rs.getLong("amount_cents"),
                rs.getString("currency"),
                rs.getString("status"),
                rs.getString("order_status"),
                instant(rs.getTimestamp("settled_at")));
    }

    private static Refund refund(ResultSet rs, int row) throws SQLException {
        return new Refund(
                rs.getObject("payment_id", UUID.class),
                rs.getObject("order_id", UUID.class),
                rs.getObject("refund_id", UUID.class),
                rs.getLong("amount_cents"),
                rs.getString("currency"),
                instant(rs.getTimestamp("refund_requested_at")),
                instant(rs.getTimestamp("refunded_at")));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
