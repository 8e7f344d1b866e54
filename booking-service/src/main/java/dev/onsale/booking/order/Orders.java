package dev.onsale.booking.order;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

/**
 * Orders, their seats and tickets in {@code booking}; every write joins the caller's transaction.
 * Statuses in predicates are SQL literals, never parameters, so that the partial indexes
 * ({@code orders_held_expiry}, {@code orders_payment_deadline}) serve generic plans too.
 */
@Repository
class Orders {

    private static final String SELECT = """
            SELECT o.id, o.event_id, o.session_id, o.status, o.amount_cents, o.currency, o.expires_at,
                   o.payment_deadline, o.updated_at, o.version,
                   ARRAY(SELECT s.seat_id FROM booking.order_seats s WHERE s.order_id = o.id ORDER BY s.position) AS seat_ids
            FROM booking.orders o
            """;

    /** Overdue HELD orders, oldest first, locked without waiting (parameter: limit); {@code orders_held_expiry} serves it. */
    static final String LOCK_OVERDUE_HOLDS = SELECT + """
             WHERE o.status = 'HELD' AND o.expires_at <= now()
             ORDER BY o.expires_at LIMIT ? FOR UPDATE OF o SKIP LOCKED
            """;

    /** Overdue payments, oldest first, locked without waiting (parameter: limit); {@code orders_payment_deadline} serves it. */
    static final String LOCK_OVERDUE_PAYMENTS = SELECT + """
             WHERE o.status = 'PAYMENT_PENDING' AND o.payment_deadline <= now()
             ORDER BY o.payment_deadline LIMIT ? FOR UPDATE OF o SKIP LOCKED
            """;

    private static final RowMapper<Order> ORDER = Orders::order;

    private final JdbcTemplate jdbc;

    Orders(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A new HELD order of {@code seats} (with their prices), expiring {@code ttl} after the database's now(). */
    Order insertHeld(
            UUID orderId, UUID eventId, UUID sessionId, List<PricedSeat> seats, String currency, Duration ttl) {
        long amount = seats.stream().mapToLong(PricedSeat::priceCents).sum();
        String[] ids = seats.stream().map(PricedSeat::seatId).toArray(String[]::new);
        Integer[] prices = seats.stream().map(PricedSeat::priceCents).toArray(Integer[]::new);
        // One statement, one round trip: the order and its seats (their key to the order is checked at its end)
        Instant[] written = jdbc.queryForObject(
                """
                WITH held AS (
                    INSERT INTO booking.orders (id, event_id, session_id, status, amount_cents, currency, expires_at)
                    VALUES (?, ?, ?, 'HELD', ?, ?, now() + make_interval(secs => ?))
                    RETURNING expires_at, updated_at
                ), listed AS (
                    INSERT INTO booking.order_seats (order_id, event_id, seat_id, position, price_cents)
                    SELECT ?, ?, s.seat_id, s.ord - 1, s.price
                    FROM unnest(?::text[], ?::int[]) WITH ORDINALITY AS s(seat_id, price, ord)
                )
                SELECT expires_at, updated_at FROM held
                """,
                (rs, i) ->
                        new Instant[] {instant(rs.getTimestamp("expires_at")), instant(rs.getTimestamp("updated_at"))},
                orderId,
                eventId,
                sessionId,
                amount,
                currency,
                ttl.toMillis() / 1000.0,
                orderId,
                eventId,
                ids,
                prices);
        return new Order(
                orderId,
                eventId,
                sessionId,
                OrderStatus.HELD,
                List.of(ids),
                amount,
                currency,
                written[0],
                null,
                written[1],
                0);
    }

    Optional<Order> find(UUID orderId) {
        return jdbc.query(SELECT + " WHERE o.id = ?", ORDER, orderId).stream().findFirst();
    }

    /** The order, locked until the caller's transaction ends (waiting for another holder of the lock). */
    Optional<Order> lock(UUID orderId) {
        return jdbc.query(SELECT + " WHERE o.id = ? FOR UPDATE OF o", ORDER, orderId).stream()
                .findFirst();
    }

    /** Up to {@code limit} HELD orders past {@code expires_at}, locked; rows others have locked are skipped. */
    List<Order> lockOverdueHolds(int limit) {
        return jdbc.query(LOCK_OVERDUE_HOLDS, ORDER, limit);
    }

    /** Up to {@code limit} PAYMENT_PENDING orders past their payment deadline, locked; locked rows are skipped. */
    List<Order> lockOverduePayments(int limit) {
        return jdbc.query(LOCK_OVERDUE_PAYMENTS, ORDER, limit);
    }

    /**
     * Writes {@code next} over the locked {@code current} (optimistically, by version); {@code paymentBound}
     * sets the payment deadline to the database's now() plus it.
     */
    Order updateStatus(Order current, OrderStatus next, Duration paymentBound) {
        int updated = paymentBound == null
                ? jdbc.update(
                        "UPDATE booking.orders SET status = ?, version = version + 1, updated_at = now()"
                                + " WHERE id = ? AND status = ? AND version = ?",
                        next.name(),
                        current.id(),
                        current.status().name(),
                        current.version())
                : jdbc.update(
                        "UPDATE booking.orders SET status = ?, version = version + 1, updated_at = now(),"
                                + " payment_deadline = now() + make_interval(secs => ?)"
                                + " WHERE id = ? AND status = ? AND version = ?",
                        next.name(),
                        paymentBound.toMillis() / 1000.0,
                        current.id(),
                        current.status().name(),
                        current.version());
        if (updated != 1) {
            throw new IllegalStateException("order " + current.id() + " changed under its lock (expected "
                    + current.status() + " v" + current.version() + ")");
        }
        return find(current.id()).orElseThrow();
    }

    /** Whether the live order's deadline ({@link Order#deadline()}) has passed by the database's clock. */
    boolean overdue(Order order) {
        return Boolean.TRUE.equals(jdbc.queryForObject(
                "SELECT ? <= now()", Boolean.class, OffsetDateTime.ofInstant(order.deadline(), ZoneOffset.UTC)));
    }

    /** HELD seats of the order become FREE; returns how many. */
    int freeSeats(Order order) {
        return jdbc.update(
                "UPDATE booking.seats SET status = 'FREE', order_id = NULL"
                        + " WHERE event_id = ? AND seat_id = ANY (?) AND order_id = ? AND status = 'HELD'",
                order.eventId(),
                order.seatIds().toArray(String[]::new),
                order.id());
    }

    /** HELD seats of the order become SOLD; returns how many. */
    int sellSeats(Order order) {
        return jdbc.update(
                "UPDATE booking.seats SET status = 'SOLD'"
                        + " WHERE event_id = ? AND seat_id = ANY (?) AND order_id = ? AND status = 'HELD'",
                order.eventId(),
                order.seatIds().toArray(String[]::new),
                order.id());
    }

    int issueTickets(Order order) {
        return jdbc.update("""
                INSERT INTO booking.tickets (id, order_id, event_id, seat_id)
                SELECT gen_random_uuid(), order_id, event_id, seat_id FROM booking.order_seats WHERE order_id = ?
                ORDER BY position
                """, order.id());
    }

    List<Ticket> tickets(UUID orderId) {
        return jdbc.query("""
                SELECT t.id, t.seat_id FROM booking.tickets t
                JOIN booking.order_seats s ON s.order_id = t.order_id AND s.seat_id = t.seat_id
                WHERE t.order_id = ? ORDER BY s.position
                """, (rs, i) -> new Ticket(rs.getObject("id", UUID.class), rs.getString("seat_id")), orderId);
    }

    /** Live orders of every event: [HELD, PAYMENT_PENDING]. */
    long[] countLive() {
        return jdbc.queryForObject("""
                SELECT count(*) FILTER (WHERE status = 'HELD'), count(*) FILTER (WHERE status = 'PAYMENT_PENDING')
                FROM booking.orders WHERE status IN ('HELD', 'PAYMENT_PENDING')
                """, (rs, i) -> new long[] {rs.getLong(1), rs.getLong(2)});
    }

    private static Order order(ResultSet rs, int row) throws SQLException {
        Array seats = rs.getArray("seat_ids");
        return new Order(
                rs.getObject("id", UUID.class),
                rs.getObject("event_id", UUID.class),
                rs.getObject("session_id", UUID.class),
                OrderStatus.valueOf(rs.getString("status")),
                Arrays.asList((String[]) seats.getArray()),
                rs.getLong("amount_cents"),
                rs.getString("currency"),
                instant(rs.getTimestamp("expires_at")),
                instant(rs.getTimestamp("payment_deadline")),
                instant(rs.getTimestamp("updated_at")),
                rs.getLong("version"));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
