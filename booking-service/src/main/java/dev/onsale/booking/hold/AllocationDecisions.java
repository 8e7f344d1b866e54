package dev.onsale.booking.hold;

import dev.onsale.common.events.AllocationRefused.Reason;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/**
 * The one decision per order id of onsale.holds.commands. Whichever command of an order claims the row
 * first decides; a concurrent claimer of the same order waits on the primary key until the first commits,
 * then finds the decision taken.
 */
@Repository
class AllocationDecisions {

    enum Outcome {
        /** The order row exists (whatever became of it since). */
        ALLOCATED,
        /** Refused with a reason, replied on every redelivery. */
        REFUSED,
        /** A CancelAllocation came before any AllocateSeats; an AllocateSeats is refused with CANCELLED. */
        CANCELLED_FIRST
    }

    record Decision(UUID orderId, Outcome outcome, Reason reason) {}

    private final JdbcTemplate jdbc;

    AllocationDecisions(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Takes the decision for the order as {@code outcome}; false if the order already has one. */
    boolean claim(UUID orderId, UUID eventId, Outcome outcome) {
        return jdbc.update(
                        "INSERT INTO booking.allocation_decisions (order_id, event_id, outcome) VALUES (?, ?, ?)"
                                + " ON CONFLICT (order_id) DO NOTHING",
                        orderId,
                        eventId,
                        outcome.name())
                == 1;
    }

    /** Turns the decision claimed in this transaction into a refusal. */
    void refuse(UUID orderId, Reason reason) {
        jdbc.update(
                "UPDATE booking.allocation_decisions SET outcome = 'REFUSED', reason = ? WHERE order_id = ?",
                reason.name(),
                orderId);
    }

    Optional<Decision> find(UUID orderId) {
        return jdbc
                .query(
                        "SELECT outcome, reason FROM booking.allocation_decisions WHERE order_id = ?",
                        (rs, i) -> new Decision(
                                orderId,
                                Outcome.valueOf(rs.getString("outcome")),
                                rs.getString("reason") == null ? null : Reason.valueOf(rs.getString("reason"))),
                        orderId)
                .stream()
                .findFirst();
    }
}
