package dev.onsale.gateway.correlation;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * At most {@code linesPerSecond} access log lines in any one second. The answers over it are counted instead, and
 * the second that had any is summed up in one line when it is over ({@link #admit} or {@link #roll}, whichever
 * comes first). Under an overload almost every answer is slow, so a line for each would make the overload worse:
 * measured in {@code bench sale}'s arrival, writing them took 11% of the gateway's CPU.
 *
 * <p>Thread-safe: the event loops call it for each answer that gets a line, a timer calls {@link #roll}.
 */
final class AccessLogBudget {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    /**
     * What one second left unlogged.
     *
     * @param suppressed    answers that got no line of their own
     * @param failures      of them, answers with a 5xx status
     * @param slowestMillis the slowest of them
     */
    record Summary(long suppressed, long failures, long slowestMillis) {}

    /**
     * Whether this answer gets its line, and the summary of the second before it when that second just ended.
     */
    record Decision(boolean logs, Optional<Summary> previous) {}

    private final int linesPerSecond;
    private final LongSupplier nanoTime;

    private long windowStart;
    private int written;
    private long suppressed;
    private long failures;
    private long slowestNanos;

    AccessLogBudget(int linesPerSecond, LongSupplier nanoTime) {
        if (linesPerSecond < 1) {
            throw new IllegalArgumentException("onsale.access-log.lines-per-second must be at least 1");
        }
        this.linesPerSecond = linesPerSecond;
        this.nanoTime = nanoTime;
        this.windowStart = nanoTime.getAsLong();
    }

    /** An answer with {@code status} that took {@code elapsedNanos} would get a line: may it? */
    synchronized Decision admit(int status, long elapsedNanos) {
        Optional<Summary> previous = rollIfOver(nanoTime.getAsLong());
        if (written < linesPerSecond) {
            written++;
            return new Decision(true, previous);
        }
        suppressed++;
        if (status >= 500) {
            failures++;
        }
        slowestNanos = Math.max(slowestNanos, elapsedNanos);
        return new Decision(false, previous);
    }

    /** The summary of the second that has ended, if it suppressed anything; called once a second by a timer. */
    synchronized Optional<Summary> roll() {
        return rollIfOver(nanoTime.getAsLong());
    }

    private Optional<Summary> rollIfOver(long now) {
        if (now - windowStart < SECOND) {
            return Optional.empty();
        }
        Optional<Summary> ended = suppressed == 0
                ? Optional.empty()
                : Optional.of(new Summary(suppressed, failures, TimeUnit.NANOSECONDS.toMillis(slowestNanos)));
        windowStart = now;
        written = 0;
        suppressed = 0;
        failures = 0;
        slowestNanos = 0;
        return ended;
    }
}
