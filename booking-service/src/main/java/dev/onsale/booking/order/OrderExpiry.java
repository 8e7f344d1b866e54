package dev.onsale.booking.order;

import dev.onsale.common.events.HoldTimerExpired;
import dev.onsale.platform.inbox.Inbox;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Expires live orders whose deadline passed — {@code expires_at} for HELD, the payment deadline for
 * PAYMENT_PENDING — by the database's clock, which is the truth: a Redis timer that fires early changes
 * nothing, one that never fires is made up for by {@link #sweep}.
 */
@Component
public class OrderExpiry {

    /** Inbox consumer name of {@code HoldTimerExpired} deliveries. */
    static final String TIMER_CONSUMER = "booking.hold-timer-expired";

    private static final Logger log = LoggerFactory.getLogger(OrderExpiry.class);

    private final OrderTransitions transitions;
    private final Orders orders;
    private final Inbox inbox;
    private final OrderMetrics metrics;

    OrderExpiry(OrderTransitions transitions, Orders orders, Inbox inbox, OrderMetrics metrics) {
        this.transitions = transitions;
        this.orders = orders;
        this.inbox = inbox;
        this.metrics = metrics;
    }

    /**
     * Inventory's hold timer of the order fired: expire it if it is live and due. An unknown, ended or not yet
     * due order is left alone; a redelivered message changes nothing.
     */
    @Transactional
    public void onHoldTimerExpired(UUID messageId, HoldTimerExpired timer) {
        if (!inbox.firstDelivery(TIMER_CONSUMER, messageId)) {
            return;
        }
        Optional<Order> expired = expireIfDue(timer.orderId());
        if (expired.isEmpty()) {
            log.debug("Hold timer of order {} fired; nothing to expire", timer.orderId());
        }
    }

    /** Expires the order if it is live and its deadline passed; empty if it was not. */
    @Transactional
    public Optional<Order> expireIfDue(UUID orderId) {
        Optional<Order> locked = orders.lock(orderId);
        if (locked.isEmpty() || !locked.get().status().live() || !orders.overdue(locked.get())) {
            return Optional.empty();
        }
        return Optional.of(expire(locked.get()));
    }

    /**
     * One sweep transaction: expires up to {@code limit} overdue live orders that no other transaction has
     * locked (SKIP LOCKED), so sweepers of several replicas never wait for each other nor expire one order
     * twice. Returns the ids of the orders expired.
     */
    @Transactional
    public List<UUID> sweep(int limit) {
        List<Order> due = new ArrayList<>(orders.lockOverdueHolds(limit));
        if (due.size() < limit) {
            due.addAll(orders.lockOverduePayments(limit - due.size()));
        }
        List<UUID> expired = new ArrayList<>(due.size());
        for (Order order : due) {
            expired.add(expire(order).id());
        }
        return expired;
    }

    private Order expire(Order order) {
        Order after = transitions.move(order, OrderStatus.EXPIRED);
        metrics.expiredLate(Duration.between(order.deadline(), after.updatedAt()));
        return after;
    }
}
