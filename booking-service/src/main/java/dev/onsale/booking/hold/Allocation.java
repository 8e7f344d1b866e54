package dev.onsale.booking.hold;

import dev.onsale.booking.hold.AllocationDecisions.Decision;
import dev.onsale.booking.hold.AllocationDecisions.Outcome;
import dev.onsale.booking.order.Order;
import dev.onsale.booking.order.OrderStatus;
import dev.onsale.booking.order.OrderTransitions;
import dev.onsale.booking.order.PricedSeat;
import dev.onsale.common.events.AllocateSeats;
import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.AllocationRefused.Reason;
import dev.onsale.common.events.CancelAllocation;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.platform.inbox.Inbox;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies the gate's commands for an order. An AllocateSeats is decided once per order — allocated (seats
 * HELD, order HELD, {@code OrderHeld} in the outbox), or refused with a reason — in one transaction with its
 * inbox record; the reply is sent after commit, and a redelivery (or any later AllocateSeats of the order)
 * gets the same reply again. A CancelAllocation releases the order if it is still HELD, or, arriving first,
 * makes the order's AllocateSeats a refusal with CANCELLED.
 *
 * <p>An AllocateSeats taken after its gate stopped waiting ({@code answerBy}, less {@code reply-transit}) is skipped
 * without a write or a reply: allocated, it would only be cancelled by the CancelAllocation right behind it. When
 * booking falls behind by more than the gate waits, that is what keeps it from spending itself on orders nobody
 * waits for while the fresh ones queue behind them and time out in turn.
 */
@Service
public class Allocation {

    /** Inbox consumer name of onsale.holds.commands deliveries. */
    static final String CONSUMER = "booking.hold-commands";

    private static final Logger log = LoggerFactory.getLogger(Allocation.class);

    private final Inbox inbox;
    private final AllocationDecisions decisions;
    private final SaleTermsReader terms;
    private final SeatAllocator seats;
    private final OrderTransitions orders;
    private final HoldReplySender replies;
    private final AllocationMetrics metrics;
    private final TransactionTemplate transaction;
    private final Clock clock;
    private final Duration replyTransit;

    Allocation(
            Inbox inbox,
            AllocationDecisions decisions,
            SaleTermsReader terms,
            SeatAllocator seats,
            OrderTransitions orders,
            HoldReplySender replies,
            AllocationMetrics metrics,
            PlatformTransactionManager transactions,
            Clock clock,
            HoldProperties properties) {
        this.inbox = inbox;
        this.decisions = decisions;
        this.terms = terms;
        this.seats = seats;
        this.orders = orders;
        this.replies = replies;
        this.metrics = metrics;
        this.transaction = new TransactionTemplate(transactions);
        this.clock = clock;
        this.replyTransit = properties.replyTransit();
    }

    /**
     * Decides (or looks up the decision on) the command's order, commits, then replies; returns the reply, or
     * empty when the command came too late to be answered and was skipped.
     */
    public Optional<HoldReply> allocate(UUID messageId, AllocateSeats command) {
        long started = System.nanoTime();
        if (command.answerBy() != null
                && clock.instant().isAfter(command.answerBy().minus(replyTransit))) {
            metrics.outcome(AllocationMetrics.LATE);
            log.debug(
                    "AllocateSeats of order {} skipped: its gate stopped waiting at {}",
                    command.orderId(),
                    command.answerBy());
            return Optional.empty();
        }
        Decided decided = transaction.execute(status -> decide(messageId, command, status));
        replies.send(decided.reply());
        metrics.outcome(decided.outcome());
        metrics.latency(Duration.ofNanos(System.nanoTime() - started));
        return Optional.of(decided.reply());
    }

    /** Releases the order if it was allocated and is still HELD; otherwise makes a later allocation a refusal. */
    public void cancel(UUID messageId, CancelAllocation command) {
        transaction.executeWithoutResult(status -> {
            if (!inbox.firstDelivery(CONSUMER, messageId)) {
                return;
            }
            if (decisions.claim(command.orderId(), command.eventId(), Outcome.CANCELLED_FIRST)) {
                log.info(
                        "CancelAllocation ({}) before any allocation of order {}: a later one is refused",
                        command.reason(),
                        command.orderId());
                return;
            }
            Decision decision = decisions.find(command.orderId()).orElseThrow();
            if (decision.outcome() != Outcome.ALLOCATED) {
                return;
            }
            Order order = orders.lock(command.orderId()).orElseThrow();
            if (order.status() == OrderStatus.HELD) {
                orders.move(order, OrderStatus.CANCELLED);
            } else {
                log.info(
                        "CancelAllocation ({}) for order {} in {} changes nothing",
                        command.reason(),
                        order.id(),
                        order.status());
            }
        });
    }

    private Decided decide(UUID messageId, AllocateSeats command, TransactionStatus status) {
        boolean firstDelivery = inbox.firstDelivery(CONSUMER, messageId);
        if (!firstDelivery || !decisions.claim(command.orderId(), command.eventId(), Outcome.ALLOCATED)) {
            Decision earlier = decisions
                    .find(command.orderId())
                    .orElseThrow(() -> new IllegalStateException(
                            "order " + command.orderId() + " was processed but has no decision"));
            boolean cancelledFirst = firstDelivery && earlier.outcome() == Outcome.CANCELLED_FIRST;
            return new Decided(replay(command, earlier), cancelledFirst ? "cancelled" : AllocationMetrics.REPLAYED);
        }
        Optional<SaleTerms> found = terms.find(command.eventId());
        if (found.isEmpty()) {
            return refuse(command, Reason.EVENT_NOT_FOUND);
        }
        SaleTerms sale = found.get();
        if (sale.saleState() != SaleState.OPEN) {
            return refuse(command, Reason.SALE_NOT_OPEN);
        }
        if (command.quantity() > sale.maxPerOrder()) {
            return refuse(command, Reason.LIMIT_EXCEEDED);
        }
        if (command.chosenSeats() && !sale.seated()) {
            return refuse(command, Reason.NOT_SEATED);
        }
        Object savepoint = status.createSavepoint();
        Optional<List<PricedSeat>> claimed = claim(command, status, savepoint);
        if (claimed.isEmpty()) {
            status.rollbackToSavepoint(savepoint);
            if (!command.chosenSeats()) {
                return refuse(command, Reason.SOLD_OUT);
            }
            SeatAllocator.NotClaimed why = seats.whyNotClaimed(command.eventId(), command.seatIds());
            return refuse(command, why.reason(), why.seatIds());
        }
        Order order = orders.hold(
                command.orderId(),
                command.eventId(),
                command.sessionId(),
                claimed.get(),
                sale.currency(),
                sale.holdTtl());
        return new Decided(allocated(order), AllocationMetrics.ALLOCATED);
    }

    private Optional<List<PricedSeat>> claim(AllocateSeats command, TransactionStatus status, Object savepoint) {
        if (command.chosenSeats()) {
            return seats.claimChosen(command.eventId(), command.orderId(), command.seatIds());
        }
        Optional<List<PricedSeat>> claimed =
                seats.claimQuantityWithoutWaiting(command.eventId(), command.orderId(), command.quantity());
        if (claimed.isPresent()) {
            return claimed;
        }
        // Releases the window's locks before waiting, so that two waiting allocations never hold what the other waits
        // for.
        status.rollbackToSavepoint(savepoint);
        return seats.claimQuantityWaiting(command.eventId(), command.orderId(), command.quantity());
    }

    private Decided refuse(AllocateSeats command, Reason reason) {
        return refuse(command, reason, List.of());
    }

    /** The refusal, replied with the chosen seats it is about ({@code seatIds}); only the reason is kept. */
    private Decided refuse(AllocateSeats command, Reason reason, List<String> seatIds) {
        decisions.refuse(command.orderId(), reason);
        return new Decided(new AllocationRefused(command.orderId(), command.eventId(), reason, seatIds), reason.name());
    }

    private HoldReply replay(AllocateSeats command, Decision decision) {
        return switch (decision.outcome()) {
            case ALLOCATED -> allocated(orders.find(command.orderId()).orElseThrow());
            case REFUSED -> new AllocationRefused(command.orderId(), command.eventId(), decision.reason());
            case CANCELLED_FIRST -> new AllocationRefused(command.orderId(), command.eventId(), Reason.CANCELLED);
        };
    }

    private static SeatsAllocated allocated(Order order) {
        return new SeatsAllocated(
                order.id(),
                order.eventId(),
                order.sessionId(),
                order.seatIds(),
                order.amountCents(),
                order.currency(),
                order.expiresAt());
    }

    private record Decided(HoldReply reply, String outcome) {}
}
