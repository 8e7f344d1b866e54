package dev.onsale.booking.order;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** What a buyer may do with their own orders; another session's order does not exist for them. */
@Component
public class BuyerOrders {

    private final OrderTransitions transitions;
    private final OrderPayments payments;

    BuyerOrders(OrderTransitions transitions, OrderPayments payments) {
        this.transitions = transitions;
        this.payments = payments;
    }

    /**
     * The session's order, its tickets once CONFIRMED and, once PAYMENT_FAILED, why the payment failed; empty for
     * an unknown order or another session's.
     */
    public Optional<OwnOrder> find(UUID orderId, UUID sessionId) {
        return transitions
                .find(orderId)
                .filter(order -> order.ownedBy(sessionId))
                .map(order -> new OwnOrder(
                        order,
                        order.status() == OrderStatus.CONFIRMED ? transitions.tickets(orderId) : List.of(),
                        order.status() == OrderStatus.PAYMENT_FAILED
                                ? payments.failureReason(orderId).orElse(null)
                                : null));
    }

    /** Cancels the session's HELD order (seats FREE, {@code OrderCancelled}); a CANCELLED one stays as it is. */
    @Transactional
    public Cancellation cancel(UUID orderId, UUID sessionId) {
        Optional<Order> locked = transitions.lock(orderId).filter(order -> order.ownedBy(sessionId));
        if (locked.isEmpty()) {
            return Cancellation.NOT_FOUND;
        }
        return switch (locked.get().status()) {
            case HELD -> {
                transitions.move(locked.get(), OrderStatus.CANCELLED);
                yield Cancellation.CANCELLED;
            }
            case CANCELLED -> Cancellation.ALREADY_CANCELLED;
            case PAYMENT_PENDING, CONFIRMED, EXPIRED, PAYMENT_FAILED, REFUNDED -> Cancellation.NOT_CANCELLABLE;
        };
    }

    /** An order as its buyer sees it; {@code failureReason} is null unless the order is PAYMENT_FAILED. */
    public record OwnOrder(Order order, List<Ticket> tickets, String failureReason) {}

    public enum Cancellation {
        CANCELLED,
        ALREADY_CANCELLED,
        NOT_FOUND,
        NOT_CANCELLABLE
    }
}
