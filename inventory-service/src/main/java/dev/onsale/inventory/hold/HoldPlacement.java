package dev.onsale.inventory.hold;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.platform.redis.RedisSettings;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * One hold request from gate to answer: the gate script decides at once; an order that passed waits
 * (parking its virtual thread, no platform thread) up to {@code reply-wait} for booking's reply,
 * which it applies to the gate before it answers. Without a reply in time
 * the timeout script cancels the allocation and restores the gate in one step, unless a reply ended
 * the order first — then that reply's outcome is the answer.
 */
@Component
public class HoldPlacement {

    private final Gate gate;
    private final HoldReplyHandler replies;
    private final ReplyWaiters waiters;
    private final HoldMetrics metrics;
    private final HoldsProperties properties;
    private static final Duration ABANDON_FIRST_PAUSE = Duration.ofMillis(50);
    private static final Duration ABANDON_MAX_PAUSE = Duration.ofSeconds(2);
    /** Permits of new placements. */
    private final Semaphore redisCalls;
    /** Permits of the calls that finish a placed request; never taken by a new placement. */
    private final Semaphore followUps;

    private final GateLoss gateLoss;
    private final Clock clock;

    HoldPlacement(
            Gate gate,
            HoldReplyHandler replies,
            ReplyWaiters waiters,
            HoldMetrics metrics,
            HoldsProperties properties,
            RedisSettings redis,
            GateLoss gateLoss,
            Clock clock) {
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
        this.gateLoss = gateLoss;
        this.clock = clock;
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
            long left = Duration.between(clock.instant(), answerBy.get())
                    .minus(properties.deadlineMargin())
                    .toNanos();
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
            placement = gate.place(orderId, request, clock.instant().plusNanos(deadline - System.nanoTime()));
        } catch (RuntimeException e) {
            waiters.forget(orderId, reply);
            redisCalls.release();
            abandonAfterALostAnswer(request.eventId(), orderId, deadline, e);
            throw e;
        }
        redisCalls.release();
        metrics.gate(Duration.ofNanos(System.nanoTime() - started), request.eventId());
        HoldAnswer answer = switch (placement) {
            case Placement.Refused refused -> {
                waiters.forget(orderId, reply);
                if (refused.reason() == GateRefusal.EVENT_NOT_FOUND && gateLoss.rebuilding()) {
                    metrics.shed();
                    yield new HoldAnswer.GateRebuilding();
                }
                metrics.refusedAtGate(refused.reason());
                yield new HoldAnswer.RefusedAtGate(
                        refused.reason(),
                        refused.liveOrder(),
                        refused.reason() == GateRefusal.LIMIT_EXCEEDED ? gate.maxPerOrder(request.eventId()) : null);
            }
            case Placement.SoldOut soldOut -> {
                waiters.forget(orderId, reply);
                metrics.refusedAtGate(GateRefusal.SOLD_OUT);
                yield new HoldAnswer.SoldOut(soldOut.available(), soldOut.liveHolds());
            }
            case Placement.Replayed replayed -> {
                waiters.forget(orderId, reply);
                yield replay(request.eventId(), replayed.orderId(), deadline, answerBy);
            }
            case Placement.KeyReused reused -> {
                waiters.forget(orderId, reply);
                yield new HoldAnswer.KeyReused(reused.orderId());
            }
            case Placement.Abandoned abandoned ->
                throw new IllegalStateException(
                        "a freshly minted order id " + orderId + " was abandoned before it was placed");
            case Placement.Placed placed -> await(request.eventId(), orderId, reply, deadline);
        };
        // Only an order placed by this request: a replayed one may have been answered 201 before.
        if (placement instanceof Placement.Placed
                && answer instanceof HoldAnswer.Held
                && answerBy.isPresent()
                && clock.instant().isAfter(answerBy.get())
                && limited(() -> gate.answeredLate(request.eventId(), orderId))) {
            // The gateway has stopped waiting, so the buyer was told 503: nothing may stay held for them.
            metrics.released("answer_late");
            answer = new HoldAnswer.Unanswered(orderId);
        }
        if (!(answer instanceof HoldAnswer.RefusedAtGate || answer instanceof HoldAnswer.SoldOut)) {
            metrics.endToEnd(Duration.ofNanos(System.nanoTime() - started));
        }
        return answer;
    }

    /**
     * The answer of an order placed earlier under the same idempotency key: its outcome, never a 201 for a hold
     * that has ended. A 201 is given only while the order is HELD, and only after marking it answered, so that
     * the request that placed it, if its own answer came too late, no longer gives it back; a replay that would
     * itself answer after its gateway gave up is a 503 and marks nothing.
     */
    private HoldAnswer replay(UUID eventId, UUID orderId, long deadline, Optional<Instant> answerBy) {
        HoldAnswer answer = outcomeSoFar(eventId, orderId, deadline);
        if (!(answer instanceof HoldAnswer.Held)) {
            return answer;
        }
        if (answerBy.isPresent() && clock.instant().isAfter(answerBy.get())) {
            return new HoldAnswer.Unanswered(orderId);
        }
        Optional<String> notHeld = limited(() -> gate.markAnswered(eventId, orderId));
        if (notHeld.isEmpty()) {
            return answer;
        }
        return answerOf(orderId, limited(() -> gate.order(eventId, orderId)).orElse(null));
    }

    private HoldAnswer outcomeSoFar(UUID eventId, UUID orderId, long deadline) {
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

    /**
     * The place call failed without an answer (a socket timeout, a broken connection): the script may have run.
     * Gives the order up before the 503, so that a 503 still means nothing is taken: a placed order ends and
     * booking is asked to cancel it, an order the gate has not seen can never be placed. Tried until the
     * request's deadline, then in the background until {@code abandon-within} has passed; a data error (the
     * script refused its input, atomically) needs nothing.
     */
    private void abandonAfterALostAnswer(UUID eventId, UUID orderId, long deadline, RuntimeException cause) {
        if (cause instanceof redis.clients.jedis.exceptions.JedisDataException) {
            return;
        }
        if (abandonUntil(eventId, orderId, deadline)) {
            return;
        }
        long giveUp = System.nanoTime() + properties.abandonWithin().toNanos();
        Thread.ofVirtual().name("hold-abandon-" + orderId).start(() -> {
            if (!abandonUntil(eventId, orderId, giveUp)) {
                metrics.abandonFailed();
            }
        });
    }

    private boolean abandonUntil(UUID eventId, UUID orderId, long until) {
        long pause = ABANDON_FIRST_PAUSE.toMillis();
        while (true) {
            try {
                limited(() -> {
                    gate.abandon(eventId, orderId);
                    return null;
                });
                metrics.released("answer_lost");
                return true;
            } catch (RuntimeException stillAway) {
                if (System.nanoTime() + pause * 1_000_000 > until) {
                    return false;
                }
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
                pause = Math.min(pause * 2, ABANDON_MAX_PAUSE.toMillis());
            }
        }
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
            case SeatsAllocated allocated ->
                new HoldAnswer.Held(
                        allocated.orderId(),
                        allocated.seatIds(),
                        allocated.amountCents(),
                        allocated.currency(),
                        allocated.expiresAt());
            case AllocationRefused refused -> new HoldAnswer.RefusedByAllocation(refused.reason(), refused.seatIds());
        };
    }

    /** What the gate's record says the outcome is; a hold that ended since is {@link HoldAnswer.Ended}, never a 201. */
    private static HoldAnswer answerOf(UUID orderId, OrderRecord order) {
        if (order == null) {
            return new HoldAnswer.Unanswered(orderId);
        }
        return switch (order.state()) {
            case HELD ->
                order.allocated()
                        ? new HoldAnswer.Held(
                                orderId, order.seatIds(), order.amountCents(), order.currency(), order.expiresAt())
                        : new HoldAnswer.Unanswered(orderId);
            case CONVERTED, RELEASED -> new HoldAnswer.Ended(orderId, order.state());
            case REFUSED -> new HoldAnswer.RefusedByAllocation(AllocationRefused.Reason.valueOf(order.reason()));
            case PENDING, TIMED_OUT -> new HoldAnswer.Unanswered(orderId);
        };
    }
}
