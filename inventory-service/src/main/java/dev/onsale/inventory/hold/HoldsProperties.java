package dev.onsale.inventory.hold;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The hold path of inventory-service.
 *
 * @param replyWait          how long a hold request waits for booking's allocation reply before it
 *                           cancels the allocation, releases the gate's side and answers 503
 * @param retryAfter         the {@code Retry-After} of that 503
 * @param soldOutRetryAfter  the {@code Retry-After} of a 409 {@code sold-out} while held seats may still come back:
 *                           how long a buyer waits before asking again (a crowd that asked again at once made
 *                           most of a sale's holds traffic with refusals)
 * @param idempotencyTtl     how long an {@code Idempotency-Key} keeps naming the order it placed
 * @param recordTtl          how long the gate keeps the record of an ended order (answers replays,
 *                           makes late deliveries no-ops; an order without a record is ignored too)
 * @param gateConcurrency    most Redis calls that hold requests of this replica make at once; must be
 *                           below {@code onsale.redis.max-connections}, so that the outbox relay, the
 *                           listeners and the timer relay always find a free connection while a wave
 *                           of requests queues here instead of in the pool
 * @param followUpConcurrency most Redis calls that placed requests make at once to finish (apply a
 *                           reply, time out, read an order): a permit pool of their own, so that a request
 *                           whose reply came never queues behind a wave of new placements and misses its
 *                           deadline; {@code gate-concurrency + follow-up-concurrency} must stay below
 *                           {@code onsale.redis.max-connections}
 * @param replyGroupPrefix   consumer group prefix of this replica's reply listener; a random
 *                           instance id is appended, so every replica sees every reply
 * @param timerNotifications the relay of hold-timer expiries to HoldTimerExpired
 * @param deadlineMargin     how long before the gateway's deadline ({@code X-Onsale-Deadline}) a request
 *                           stops waiting, leaving time to apply the reply (or release the gate's side) and
 *                           answer; a hold whose answer is ready only after the deadline is given back
 *                           (the buyer was told 503); a request reaching the gate with less than this left is
 *                           answered 503 at once, with nothing taken
 * @param abandonWithin      how long a request whose place call lost its answer (the script may have run) keeps
 *                           trying, in the background once it has answered 503, to give the order up
 * @param pendingStaleAfter  how long after passing the gate an order still PENDING is ended by the sweep (no
 *                           request waits for it any more); longer than {@code reply-wait + deadline-margin}
 * @param pendingSweepInterval how often every replica sweeps for such orders
 * @param gateWatchInterval  how often every replica checks that Redis still holds the gate's epoch (GateLoss)
 * @param rebuildHoldOff     how long after a loss a hold for an event without a gate counter is 503 (the gate is
 *                           being rebuilt) rather than 404
 */
@ConfigurationProperties("onsale.holds")
public record HoldsProperties(
        @DefaultValue("5s") Duration replyWait,
        @DefaultValue("2s") Duration retryAfter,
        @DefaultValue("5s") Duration soldOutRetryAfter,
        @DefaultValue("24h") Duration idempotencyTtl,
        @DefaultValue("7d") Duration recordTtl,
        @DefaultValue("160") int gateConcurrency,
        @DefaultValue("48") int followUpConcurrency,
        @DefaultValue("inventory-replies-") String replyGroupPrefix,
        @DefaultValue TimerNotifications timerNotifications,
        @DefaultValue("1s") Duration deadlineMargin,
        @DefaultValue("5m") Duration abandonWithin,
        @DefaultValue("60s") Duration pendingStaleAfter,
        @DefaultValue("5s") Duration pendingSweepInterval,
        @DefaultValue("1s") Duration gateWatchInterval,
        @DefaultValue("5m") Duration rebuildHoldOff) {

    /** Longer than any order stays live: a hold lasts at most 1 h, and a payment at most minutes after it. */
    static final Duration LONGEST_LIVE_ORDER = Duration.ofHours(2);

    public HoldsProperties {
        if (replyWait.isNegative() || replyWait.isZero()) {
            throw new IllegalArgumentException("onsale.holds.reply-wait must be positive");
        }
        if (retryAfter.toSeconds() < 1 || soldOutRetryAfter.toSeconds() < 1) {
            throw new IllegalArgumentException("onsale.holds.retry-after and sold-out-retry-after must be at least 1s");
        }
        if (pendingStaleAfter.compareTo(replyWait.plus(deadlineMargin)) <= 0
                || pendingSweepInterval.isNegative()
                || pendingSweepInterval.isZero()) {
            throw new IllegalArgumentException(
                    "onsale.holds.pending-stale-after must exceed reply-wait + deadline-margin,"
                            + " and pending-sweep-interval must be positive");
        }
        if (abandonWithin.isNegative()) {
            throw new IllegalArgumentException("onsale.holds.abandon-within must not be negative");
        }
        if (deadlineMargin.isNegative()) {
            throw new IllegalArgumentException("onsale.holds.deadline-margin must not be negative");
        }
        if (followUpConcurrency < 1) {
            throw new IllegalArgumentException("onsale.holds.follow-up-concurrency must be positive");
        }
        if (gateConcurrency < 1) {
            throw new IllegalArgumentException("onsale.holds.gate-concurrency must be positive");
        }
        if (idempotencyTtl.compareTo(LONGEST_LIVE_ORDER) < 0) {
            // place.lua bounds the session's live-order key by it: it must outlive any live order
            throw new IllegalArgumentException("onsale.holds.idempotency-ttl must be at least " + LONGEST_LIVE_ORDER
                    + " (the longest hold, 1 h, plus the payment bound, with room to spare)");
        }
        if (idempotencyTtl.toSeconds() < 1 || recordTtl.toSeconds() < 1) {
            throw new IllegalArgumentException("onsale.holds idempotency-ttl and record-ttl must be at least 1s");
        }
    }

    /**
     * @param enabled          whether this replica subscribes to expiry notifications at all (booking's
     *                         sweeper expires what no notification announced)
     * @param reconnectBackoff pause before re-subscribing after the connection was lost
     */
    public record TimerNotifications(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("1s") Duration reconnectBackoff) {}
}
