package dev.onsale.booking.hold;

import dev.onsale.booking.order.PricedSeat;
import dev.onsale.common.events.AllocationRefused;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * Claims seats FREE -> HELD for an order, in the caller's transaction. A claim sets {@code order_id} with
 * the status; the seats table's constraints make a second live hold of a seat impossible whatever a caller
 * does. The free-seat queries spell {@code status = 'FREE'} literally so that the partial index
 * {@code seats_free (event_id, seat_id) WHERE status = 'FREE'} serves them, never touching held or sold rows.
 */
@Component
class SeatAllocator {

    private static final RowMapper<FreeSeat> FREE_SEAT = (rs, i) -> new FreeSeat(
            rs.getString("seat_id"),
            rs.getString("section"),
            rs.getObject("row_no", Integer.class),
            rs.getInt("seat_no"),
            rs.getInt("price_cents"));

    /** The free seats of an event in seat-id order (parameters: event id, limit); {@code seats_free} serves it. */
    static final String FREE_SEATS = """
            SELECT seat_id, section, row_no, seat_no, price_cents FROM booking.seats
            WHERE event_id = ? AND status = 'FREE' ORDER BY seat_id LIMIT ?
            """;

    /** What a quantity allocation locks without waiting (parameters: event id, window size). */
    static final String LOCK_FREE_WINDOW = FREE_SEATS + " FOR UPDATE SKIP LOCKED";

    private final JdbcTemplate jdbc;
    private final HoldProperties properties;

    SeatAllocator(JdbcTemplate jdbc, HoldProperties properties) {
        this.jdbc = jdbc;
        this.properties = properties;
    }

    /**
     * Claims exactly the chosen seats, all or nothing: a conditional update of the FREE ones. Empty (and
     * some seats possibly claimed: the caller rolls back to its savepoint) if any is missing, held or sold.
     */
    Optional<List<PricedSeat>> claimChosen(UUID eventId, UUID orderId, List<String> seatIds) {
        Map<String, Integer> prices = new HashMap<>();
        jdbc.query(
                "UPDATE booking.seats SET status = 'HELD', order_id = ?"
                        + " WHERE event_id = ? AND seat_id = ANY (?) AND status = 'FREE' RETURNING seat_id, price_cents",
                rs -> {
                    prices.put(rs.getString("seat_id"), rs.getInt("price_cents"));
                },
                orderId,
                eventId,
                seatIds.toArray(String[]::new));
        if (prices.size() != seatIds.size() || new LinkedHashSet<>(seatIds).size() != seatIds.size()) {
            return Optional.empty();
        }
        return Optional.of(
                seatIds.stream().map(id -> new PricedSeat(id, prices.get(id))).toList());
    }

    /**
     * Why chosen seats could not all be claimed, read after the failed claim was rolled back: the ids the event does
     * not have (UNKNOWN_SEAT), else those that are held or sold (SEAT_UNAVAILABLE), in the order they were chosen.
     */
    NotClaimed whyNotClaimed(UUID eventId, List<String> seatIds) {
        Map<String, String> statuses = new HashMap<>();
        jdbc.query(
                "SELECT seat_id, status FROM booking.seats WHERE event_id = ? AND seat_id = ANY (?)",
                rs -> {
                    statuses.put(rs.getString("seat_id"), rs.getString("status"));
                },
                eventId,
                seatIds.toArray(String[]::new));
        List<String> unknown =
                seatIds.stream().filter(id -> !statuses.containsKey(id)).toList();
        if (!unknown.isEmpty()) {
            return new NotClaimed(AllocationRefused.Reason.UNKNOWN_SEAT, unknown);
        }
        return new NotClaimed(
                AllocationRefused.Reason.SEAT_UNAVAILABLE,
                seatIds.stream().filter(id -> !"FREE".equals(statuses.get(id))).toList());
    }

    /** Why chosen seats were not claimed, and the seats that are why. */
    record NotClaimed(AllocationRefused.Reason reason, List<String> seatIds) {}

    /**
     * Claims {@code quantity} free seats without waiting for anyone: locks a window of free seats other
     * allocations have not locked (SKIP LOCKED), picks the most adjacent ones in it and claims them. Empty
     * (nothing claimed, the window locked: the caller rolls back to its savepoint) if the window is too small
     * — the event may be sold out, or the rest of its free seats locked by allocations in flight.
     */
    Optional<List<PricedSeat>> claimQuantityWithoutWaiting(UUID eventId, UUID orderId, int quantity) {
        List<FreeSeat> window =
                jdbc.query(LOCK_FREE_WINDOW, FREE_SEAT, eventId, Math.max(quantity, properties.adjacencyWindow()));
        if (window.size() < quantity) {
            return Optional.empty();
        }
        return Optional.of(claim(eventId, orderId, Adjacency.pick(window, quantity)));
    }

    /**
     * Claims the first {@code quantity} free seats, waiting for allocations in flight to finish with the
     * seats they locked (a rolled-back one leaves them free). Empty if fewer are free: sold out.
     */
    Optional<List<PricedSeat>> claimQuantityWaiting(UUID eventId, UUID orderId, int quantity) {
        List<FreeSeat> free = jdbc.query(FREE_SEATS + " FOR UPDATE", FREE_SEAT, eventId, quantity);
        if (free.size() < quantity) {
            return Optional.empty();
        }
        return Optional.of(claim(eventId, orderId, free));
    }

    private List<PricedSeat> claim(UUID eventId, UUID orderId, List<FreeSeat> seats) {
        String[] ids = seats.stream().map(FreeSeat::seatId).toArray(String[]::new);
        int claimed = jdbc.update(
                "UPDATE booking.seats SET status = 'HELD', order_id = ?"
                        + " WHERE event_id = ? AND seat_id = ANY (?) AND status = 'FREE'",
                orderId,
                eventId,
                ids);
        if (claimed != ids.length) {
            throw new IllegalStateException(
                    "claimed " + claimed + " of " + ids.length + " seats locked FREE for order " + orderId);
        }
        return seats.stream()
                .map(s -> new PricedSeat(s.seatId(), s.priceCents()))
                .toList();
    }
}
