package dev.onsale.booking.event;

import dev.onsale.booking.event.SeatLayout.GeneralAdmission;
import dev.onsale.booking.event.SeatLayout.SeatMap;
import dev.onsale.booking.event.SeatLayout.Section;
import dev.onsale.common.events.SaleState;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

/** Events and seats in {@code booking}; writes join the caller's transaction. */
@Repository
class Events {

    private static final String EVENT_COLUMNS = "id, name, venue, starts_at, sale_opens_at, sale_state, seated,"
            + " capacity, currency, hold_ttl_seconds, max_per_order";

    /**
     * Every seat of a seat map in one statement: each section (unnest of the parallel arrays) crossed
     * with its rows and seats. Set-based, so 100,000 seats cost one round trip; sorted by seat id so
     * that the seat indexes grow at their right edge.
     */
    private static final String INSERT_SEAT_MAP = """
            INSERT INTO booking.seats (event_id, seat_id, section, row_no, seat_no, price_cents, status)
            SELECT ?, s.name || '-' || r || '-' || n AS seat_id, s.name, r, n, s.price, 'FREE'
            FROM unnest(?::text[], ?::int[], ?::int[], ?::int[]) AS s(name, rows, per_row, price)
            CROSS JOIN LATERAL generate_series(1, s.rows) AS r
            CROSS JOIN LATERAL generate_series(1, s.per_row) AS n
            ORDER BY seat_id
            """;

    private static final String INSERT_GENERAL_ADMISSION = """
            INSERT INTO booking.seats (event_id, seat_id, section, row_no, seat_no, price_cents, status)
            SELECT ?, ? || '-' || n AS seat_id, ?, NULL, n, ?, 'FREE' FROM generate_series(1, ?) AS n
            ORDER BY seat_id
            """;

    private static final RowMapper<Event> EVENT = (rs, i) -> new Event(
            rs.getObject("id", UUID.class),
            rs.getString("name"),
            rs.getString("venue"),
            rs.getTimestamp("starts_at").toInstant(),
            rs.getTimestamp("sale_opens_at").toInstant(),
            SaleState.valueOf(rs.getString("sale_state")),
            rs.getBoolean("seated"),
            rs.getInt("capacity"),
            rs.getString("currency"),
            rs.getInt("hold_ttl_seconds"),
            rs.getInt("max_per_order"));

    private static final RowMapper<Seat> SEAT = (rs, i) -> new Seat(
            rs.getString("seat_id"),
            rs.getString("section"),
            rs.getObject("row_no", Integer.class),
            rs.getInt("seat_no"),
            rs.getInt("price_cents"),
            SeatStatus.valueOf(rs.getString("status")));

    private final JdbcTemplate jdbc;

    Events(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Event event) {
        jdbc.update(
                "INSERT INTO booking.events (" + EVENT_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                event.id(),
                event.name(),
                event.venue(),
                Timestamp.from(event.startsAt()),
                Timestamp.from(event.saleOpensAt()),
                event.saleState().name(),
                event.seated(),
                event.capacity(),
                event.currency(),
                event.holdTtlSeconds(),
                event.maxPerOrder());
    }

    /** Inserts every seat of {@code layout} as FREE; returns the number of seats inserted. */
    int insertSeats(UUID eventId, SeatLayout layout) {
        return switch (layout) {
            case SeatMap map -> jdbc.execute((Connection c) -> insertSeatMap(c, eventId, map.sections()));
            case GeneralAdmission ga ->
                jdbc.update(
                        INSERT_GENERAL_ADMISSION,
                        eventId,
                        SeatLayout.GENERAL_ADMISSION_SECTION,
                        SeatLayout.GENERAL_ADMISSION_SECTION,
                        ga.priceCents(),
                        ga.quantity());
        };
    }

    List<Event> all() {
        return jdbc.query("SELECT " + EVENT_COLUMNS + " FROM booking.events ORDER BY starts_at, id", EVENT);
    }

    /**
     * Every event whose sale is not closed, each row share-locked until the transaction ends: a sale move waits,
     * so that its SaleStateChanged comes after what the caller writes about the state read here.
     */
    List<Event> lockOpen() {
        return jdbc.query(
                "SELECT " + EVENT_COLUMNS + " FROM booking.events WHERE sale_state <> 'CLOSED' ORDER BY id FOR SHARE",
                EVENT);
    }

    Optional<Event> find(UUID eventId) {
        return jdbc.query("SELECT " + EVENT_COLUMNS + " FROM booking.events WHERE id = ?", EVENT, eventId).stream()
                .findFirst();
    }

    /**
     * Moves the sale from {@code expected} to {@code next}; false (and nothing written) if the sale is no
     * longer {@code expected}, so of two concurrent writers of one move exactly one succeeds.
     */
    boolean updateSaleState(UUID eventId, SaleState expected, SaleState next) {
        return jdbc.update(
                        "UPDATE booking.events SET sale_state = ?, version = version + 1"
                                + " WHERE id = ? AND sale_state = ?",
                        next.name(),
                        eventId,
                        expected.name())
                == 1;
    }

    /**
     * Locks up to {@code limit} scheduled events whose sale is due (by the database's clock) until the
     * caller's transaction ends; rows another transaction holds are skipped, never waited for.
     */
    List<Event> lockDueForOpening(int limit) {
        return jdbc.query(
                "SELECT " + EVENT_COLUMNS + " FROM booking.events"
                        + " WHERE sale_state = 'SCHEDULED' AND sale_opens_at <= now()"
                        + " ORDER BY sale_opens_at, id LIMIT ? FOR UPDATE SKIP LOCKED",
                EVENT,
                limit);
    }

    /** The event's seats in map order (section, row, seat). */
    List<Seat> seats(UUID eventId) {
        return jdbc.query(
                "SELECT seat_id, section, row_no, seat_no, price_cents, status FROM booking.seats"
                        + " WHERE event_id = ? ORDER BY section, row_no, seat_no",
                SEAT,
                eventId);
    }

    private static int insertSeatMap(Connection c, UUID eventId, List<Section> sections) throws SQLException {
        int n = sections.size();
        Object[] names = new Object[n];
        Object[] rows = new Object[n];
        Object[] perRow = new Object[n];
        Object[] prices = new Object[n];
        for (int i = 0; i < n; i++) {
            Section s = sections.get(i);
            names[i] = s.name();
            rows[i] = s.rows();
            perRow[i] = s.seatsPerRow();
            prices[i] = s.priceCents();
        }
        try (PreparedStatement statement = c.prepareStatement(INSERT_SEAT_MAP)) {
            statement.setObject(1, eventId);
            statement.setArray(2, array(c, "text", names));
            statement.setArray(3, array(c, "int4", rows));
            statement.setArray(4, array(c, "int4", perRow));
            statement.setArray(5, array(c, "int4", prices));
            return statement.executeUpdate();
        }
    }

    private static Array array(Connection c, String type, Object[] values) throws SQLException {
        return c.createArrayOf(type, values);
    }
}
