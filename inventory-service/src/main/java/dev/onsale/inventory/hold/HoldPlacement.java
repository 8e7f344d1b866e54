package dev.onsale.inventory.hold;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.platform.redis.RedisSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;

/**
 * One hold request from gate to answer: the gate script decides at once; an order that passed waits
 * (parking its virtual thread, no platform thread) up to {@code reply-wait} for booking's reply,
 * which it applies to the gate before it answers. Without a reply in time
 * the timeout script cancels the allocation and restores the gate in one step, unless a reply ended
 * the order first — then that reply's outcome is the answer.
 */
@Component
@EnableConfigurationProperties(HoldsProperties.class)
public class HoldPlacement {

    private final Gate gate;
    private final HoldReplies replies;
    private final ReplyWaiters waiters;
    private final HoldMetrics metrics;
    private final HoldsProperties properties;
    /** Permits of new placements. */
    private final Semaphore redisCalls;
    /** Permits of the calls that finish a placed request; never taken by a new placement. */
    private final Semaphore followUps;

    HoldPlacement(Gate gate, HoldReplies replies, ReplyWaiters waiters, HoldMetrics metrics,
            HoldsProperties properties, RedisSettings redis) {
        if (properties.gateConcurrency() + properties.followUpConcurrency() >= redis.maxConnections()) {
            throw new IllegalStateException("onsale.holds.gate-concurrency + follow-up-concurrency ("
                    + properties.gateConcurrency() + " + " + properties.followUpConcurrency()
                    + ") must stay below onsale.redis.max-connections (" + redis.maxConnections() + ")");
        }
        this.redisCalls = new Semaphore(properties.gateConcurrency(), true);
        this.followUps = new Semaphore(properties.followUpConcurrency(), true);
        this.gate = gate;
        this.replies = replies;
        this.waiters = waiters;
        this.metrics = metrics;
        this.properties = properties;
    }

    public HoldAnswer hold(HoldRequest request) {
        return hold(request, Optional.empty());
    }

    /**
     * Places the hold and waits for its allocation, but never past {@code answerBy} (the gateway's deadline)
     * less {@code deadline-margin}: a request with no time left, or that cannot reach the gate in time, is
     * answered {@link HoldAnswer.Unanswered} without touching it, so that a 503 always means nothing was taken.
     */
    public HoldAnswer hold(HoldRequest request, Optional<Instant> answerBy) {
        long started = System.nanoTime();
        long deadline = started + properties.replyWait().toNanos();
        if (answerBy.isPresent()) {
            long left = Duration.between(Instant.now(), answerBy.get()).minus(properties.deadlineMargin()).toNanos();
            deadline = Math.min(deadline, started + left);
        }
        UUID orderId = UUID.randomUUID();
        if (!acquireBy(deadline)) {
            metrics.shed();
            return new HoldAnswer.Unanswered(orderId);
        }
        CompletableFuture<HoldReply> reply = waiters.register(orderId);
        Placement placement;
        try {
            placement = gate.place(orderId, request);
        } catch (RuntimeException e) {
            waiters.forget(orderId, reply);
            throw e;
        } finally {
            redisCalls.release();
            metrics.gate(Duration.ofNanos(System.nanoTime() - started), request.eventId());
        }
        HoldAnswer answer = switch (placement) {
            case Placement.Refused refused -> {
                waiters.forget(orderId, reply);
                metrics.refusedAtGate(refused.reason());
                yield new HoldAnswer.RefusedAtGate(refused.reason());
            }
            case Placement.Replayed replayed -> {
                waiters.forget(orderId, reply);
                yield replay(request.eventId(), replayed.orderId(), deadline);
            }
            case Placement.Placed placed -> await(request.eventId(), orderId, reply, deadline);
        };
        // Only an order placed by this request: a replayed one may have been answered 201 before.
        if (placement instanceof Placement.Placed && answer instanceof HoldAnswer.Held
                && answerBy.isPresent() && Instant.now().isAfter(answerBy.get())
                && limited(() -> gate.answeredLate(request.eventId(), orderId))) {
            // The gateway has stopped waiting, so the buyer was told 503: nothing may stay held for them.
            metrics.released("answer_late");
            answer = new HoldAnswer.Unanswered(orderId);
        }
        if (!(answer instanceof HoldAnswer.RefusedAtGate)) {
            metrics.endToEnd(Duration.ofNanos(System.nanoTime() - started));
        }
        return answer;
    }

    /** The answer of an order placed earlier under the same idempotency key. */
    private HoldAnswer replay(UUID eventId, UUID orderId, long deadline) {
        OrderRecord order = limited(() -> gate.order(eventId, orderId)).orElse(null);
        if (order == null || order.state() != OrderRecord.OrderState.PENDING) {
            return answerOf(orderId, order);
        }
        CompletableFuture<HoldReply> reply = waiters.register(orderId);
        order = limited(() -> gate.order(eventId, orderId)).orElse(null);
        if (order == null || order.state() != OrderRecord.OrderState.PENDING) {
            waiters.forget(orderId, reply);
            return answerOf(orderId, order);
        }
        return await(eventId, orderId, reply, deadline);
    }

    private HoldAnswer await(UUID eventId, UUID orderId, CompletableFuture<HoldReply> reply, long deadline) {
        try {
            HoldReply received = reply.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (limited(() -> replies.applyToGate(received)) || received instanceof AllocationRefused) {
                return answerOf(received);
            }
            return answerOf(orderId, limited(() -> gate.order(eventId, orderId)).orElse(null));
        } catch (TimeoutException e) {
            if (limited(() -> gate.timeOut(eventId, orderId))) {
                metrics.timedOut();
                metrics.released("reply_timeout");
                return new HoldAnswer.Unanswered(orderId);
            }
            return answerOf(orderId, limited(() -> gate.order(eventId, orderId)).orElse(null));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            gate.timeOut(eventId, orderId);
            return new HoldAnswer.Unanswered(orderId);
        } catch (ExecutionException e) {
            throw new IllegalStateException("reply future failed", e.getCause());
        } finally {
            waiters.forget(orderId, reply);
        }
    }

    /** Takes a permit of {@code gate-concurrency} if one is free before {@code deadline} (System.nanoTime). */
    private boolean acquireBy(long deadline) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        try {
            return redisCalls.tryAcquire(left, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Runs one Redis call that finishes a placed request, within {@code follow-up-concurrency}. */
    private <T> T limited(Supplier<T> call) {
        followUps.acquireUninterruptibly();
        try {
            return call.get();
        } finally {
            followUps.release();
        }
    }

    private static HoldAnswer answerOf(HoldReply reply) {
        return switch (reply) {
            case SeatsAllocated allocated -> new HoldAnswer.Held(allocated.orderId(), allocated.seatIds(),
                    allocated.amountCents(), allocated.currency(), allocated.expiresAt());
            case AllocationRefused refused -> new HoldAnswer.RefusedByAllocation(refused.reason());
        };
    }

    private static HoldAnswer answerOf(UUID orderId, OrderRecord order) {
        if (order == null) {
            return new HoldAnswer.Unanswered(orderId);
        }
        if (order.allocated()) {
            return new HoldAnswer.Held(orderId, order.seatIds(), order.amountCents(), order.currency(),
                    order.expiresAt());
        }
        if (order.state() == OrderRecord.OrderState.REFUSED) {
            return new HoldAnswer.RefusedByAllocation(AllocationRefused.Reason.valueOf(order.reason()));
        }
        return new HoldAnswer.Unanswered(orderId);
    }
}
