package dev.onsale.common.events;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The database's side of one event, read in one transaction at {@code asOf}, for the gate to compare with its own
 * and to repair itself toward: the seats by status, and the orders that matter to the gate — every live and every
 * confirmed order, and the orders that ended within {@code inFlightWindowMillis} (their end may still be on its
 * way to the gate). A difference that a message still travelling explains is in flight, never drift.
 *
 * <p>Sent in {@code parts} messages (this is {@code part}, from 1), each with at most {@link #ORDERS_PER_PART} of
 * the orders and the rest repeated: a busy event has tens of thousands of recently ended orders, more than one
 * Kafka message may carry (1 MB by default). The gate acts once it has every part of the run's event.
 */
public record ReconcileGate(
        UUID runId,
        UUID eventId,
        Instant asOf,
        long inFlightWindowMillis,
        Settings settings,
        int free,
        int held,
        int sold,
        List<DatabaseOrder> orders,
        int part,
        int parts)
        implements ReconciliationCommand {

    /**
     * Orders per message: an order is at most about 330 bytes of JSON (ten seats, the limit per order), so a part
     * stays near a third of Kafka's default limit, escaped into the envelope included.
     */
    public static final int ORDERS_PER_PART = 1_000;

    /** What the gate enforces for the event, for a gate that has to be rebuilt from the database. */
    public record Settings(int capacity, SaleState saleState, int maxPerOrder, int holdTtlSeconds) {

        public Settings {
            Objects.requireNonNull(saleState, "saleState");
        }
    }

    /** An order as the database has it: {@code status} is HELD, PAYMENT_PENDING, CONFIRMED or ENDED. */
    public record DatabaseOrder(
            UUID orderId, UUID sessionId, String status, List<String> seatIds, Instant changedAt, Instant expiresAt) {

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
        if (part == 0 && parts == 0) {
            // from a sender that does not split: the whole side in one message
            part = 1;
            parts = 1;
        }
        if (part < 1 || part > parts) {
            throw new IllegalArgumentException("part " + part + " of " + parts);
        }
    }

    /** The whole database side (part 1 of 1). */
    public static ReconcileGate whole(
            UUID runId,
            UUID eventId,
            Instant asOf,
            long inFlightWindowMillis,
            Settings settings,
            int free,
            int held,
            int sold,
            List<DatabaseOrder> orders) {
        return new ReconcileGate(runId, eventId, asOf, inFlightWindowMillis, settings, free, held, sold, orders, 1, 1);
    }

    /** This whole side as the messages to send, each with at most {@code ordersPerPart} orders (at least one part). */
    public List<ReconcileGate> inParts(int ordersPerPart) {
        if (ordersPerPart < 1) {
            throw new IllegalArgumentException("ordersPerPart must be positive, was " + ordersPerPart);
        }
        if (parts != 1) {
            throw new IllegalStateException("part " + part + " of " + parts + " is split already");
        }
        int count = Math.max(1, (orders.size() + ordersPerPart - 1) / ordersPerPart);
        List<ReconcileGate> split = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            List<DatabaseOrder> slice =
                    orders.subList(i * ordersPerPart, Math.min(orders.size(), (i + 1) * ordersPerPart));
            split.add(new ReconcileGate(
                    runId, eventId, asOf, inFlightWindowMillis, settings, free, held, sold, slice, i + 1, count));
        }
        return split;
    }

    /** The whole side from every part of one run's event, in any order. */
    public static ReconcileGate joined(List<ReconcileGate> parts) {
        ReconcileGate first = parts.getFirst();
        List<ReconcileGate> sorted = parts.stream()
                .sorted(Comparator.comparingInt(ReconcileGate::part))
                .toList();
        List<DatabaseOrder> orders = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            ReconcileGate part = sorted.get(i);
            if (!part.runId.equals(first.runId)
                    || !part.eventId.equals(first.eventId)
                    || part.parts != sorted.size()
                    || part.part != i + 1) {
                throw new IllegalArgumentException("not the " + sorted.size() + " parts of one run's event: part "
                        + part.part + " of " + part.parts + " of run " + part.runId + ", event " + part.eventId);
            }
            orders.addAll(part.orders);
        }
        return whole(
                first.runId,
                first.eventId,
                first.asOf,
                first.inFlightWindowMillis,
                first.settings,
                first.free,
                first.held,
                first.sold,
                orders);
    }
}
