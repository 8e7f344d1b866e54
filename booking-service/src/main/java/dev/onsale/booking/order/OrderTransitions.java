package dev.onsale.booking.order;

import dev.onsale.common.Topics;
import dev.onsale.platform.outbox.Outbox;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The one writer of orders. Every status change goes through {@link #move}: it refuses what the table in
 * {@link OrderStatus} does not allow, and in the caller's transaction writes the status, what the move
 * does to the seats (FREE for EXPIRED/CANCELLED/PAYMENT_FAILED, SOLD plus tickets for CONFIRMED) and the
 * order event for the outbox — so the seats and the announcement never disagree with the status.
 * Callers lock the order first ({@link #lock}); concurrent movers of one order are serialised by that lock.
 */
@Component
public class OrderTransitions {

    private static final Logger log = LoggerFactory.getLogger(OrderTransitions.class);

    private final Orders orders;
    private final Outbox outbox;
    private final OrderMetrics metrics;
    private final OrderProperties properties;

    OrderTransitions(Orders orders, Outbox outbox, OrderMetrics metrics, OrderProperties properties) {
        this.orders = orders;
        this.outbox = outbox;
        this.metrics = metrics;
        this.properties = properties;
    }

    /**
     * Records a new HELD order of seats the caller has already claimed for it (HELD, {@code order_id} set)
     * in this transaction, expiring {@code ttl} after the database's now(), and announces {@code OrderHeld}.
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public Order hold(
            UUID orderId, UUID eventId, UUID sessionId, List<PricedSeat> seats, String currency, Duration ttl) {
        Order order = orders.insertHeld(orderId, eventId, sessionId, seats, currency, ttl);
        outbox.append(Topics.ORDERS, orderId.toString(), order.held());
        return order;
    }

    /** The order, locked until the caller's transaction ends. */
    @Transactional(propagation = Propagation.MANDATORY)
    public Optional<Order> lock(UUID orderId) {
        return orders.lock(orderId);
    }

    public Optional<Order> find(UUID orderId) {
        return orders.find(orderId);
    }

    public List<Ticket> tickets(UUID orderId) {
        return orders.tickets(orderId);
    }

    /**
     * Moves the locked order to {@code next} with its effects on seats, tickets and the outbox.
     *
     * @throws IllegalOrderTransition if the move is not legal from the order's status (nothing written)
     */
    @Transactional(propagation = Propagation.MANDATORY)
    public Order move(Order locked, OrderStatus next) {
        locked.requireCanBecome(next);
        Order after = orders.updateStatus(
                locked, next, next == OrderStatus.PAYMENT_PENDING ? properties.paymentBound() : null);
        int seats = locked.seatIds().size();
        switch (next.seatEffect()) {
            case FREE -> {
                requireAll("freed", orders.freeSeats(locked), locked);
                metrics.released(next);
            }
            case SELL -> {
                requireAll("sold", orders.sellSeats(locked), locked);
                requireAll("ticketed", orders.issueTickets(locked), locked);
            }
            case NONE -> {}
        }
        outbox.append(Topics.ORDERS, locked.id().toString(), after.announcement());
        log.info(
                "Order {} of event {}: {} -> {} ({} seats)",
                locked.id(),
                locked.eventId(),
                locked.status(),
                next,
                seats);
        return after;
    }

    /**
     * Starts the payment of a HELD order: PAYMENT_PENDING with a deadline {@code onsale.orders.payment-bound}
     * after the database's now(), announced by {@code OrderPaymentPending}. Empty if there is no such order.
     *
     * @throws IllegalOrderTransition if the order is not HELD, or its hold has run out (the sweeper expires it)
     */
    @Transactional
    public Optional<Order> startPayment(UUID orderId) {
        Optional<Order> found = orders.lock(orderId);
        if (found.isEmpty()) {
            return found;
        }
        Order order = found.get();
        if (order.status() == OrderStatus.HELD && orders.overdue(order)) {
            throw new IllegalOrderTransition(
                    orderId, order.status(), OrderStatus.PAYMENT_PENDING, "its hold ran out at " + order.expiresAt());
        }
        return Optional.of(move(order, OrderStatus.PAYMENT_PENDING));
    }

    private static void requireAll(String what, int changed, Order order) {
        if (changed != order.seatIds().size()) {
            throw new IllegalStateException(
                    changed + " of the " + order.seatIds().size() + " seats of order " + order.id() + " could be "
                            + what + " (status " + order.status() + ")");
        }
    }
}
