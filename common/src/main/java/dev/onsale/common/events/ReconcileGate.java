package dev.onsale.common.events;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The database's side of one event, read in one transaction at {@code asOf}, for the gate to compare with its own
 * and to repair itself toward: the seats by status, and the orders that matter to the gate — every live and every
 * confirmed order, and the orders that ended within {@code inFlightWindowMillis} (their end may still be on its
 * way to the gate). A difference that a message still travelling explains is in flight, never drift.
 */
public record ReconcileGate(UUID runId, UUID eventId, Instant asOf, long inFlightWindowMillis, Settings settings,
        int free, int held, int sold, List<DatabaseOrder> orders) implements ReconciliationCommand {

    /** What the gate enforces for the event, for a gate that has to be rebuilt from the database. */
    public record Settings(int capacity, SaleState saleState, int maxPerOrder, int holdTtlSeconds) {

        public Settings {
            Objects.requireNonNull(saleState, "saleState");
        }
    }

    /** An order as the database has it: {@code status} is HELD, PAYMENT_PENDING, CONFIRMED or ENDED. */
    public record DatabaseOrder(UUID orderId, UUID sessionId, String status, List<String> seatIds, Instant changedAt,
            Instant expiresAt) {

        public DatabaseOrder {
            Objects.requireNonNull(orderId, "orderId");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(changedAt, "changedAt");
            seatIds = List.copyOf(seatIds);
        }

        /** Seats held or sold for the order in the database: it counts against the gate's counter. */
        public boolean takesSeats() {
            return !"ENDED".equals(status);
        }

        public boolean live() {
            return "HELD".equals(status) || "PAYMENT_PENDING".equals(status);
        }

        public boolean confirmed() {
            return "CONFIRMED".equals(status);
        }
    }

    public ReconcileGate {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(asOf, "asOf");
        Objects.requireNonNull(settings, "settings");
        orders = List.copyOf(orders);
    }
}
