package dev.onsale.queue.line;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Component;

/**
 * The interval a buyer is told to wait before polling again, chosen so that one event's total poll
 * load stays within {@code P = targetPollsPerSecond} however long its queue is.
 *
 * <p>For position {@code p} in a line of {@code N}, with {@code H(N) = 1 + ln N} (about the harmonic
 * number of N): {@code interval(p) = clamp(2·p·H(N)/P, min, cap)}, {@code cap = max(maxInterval, 2N/P)}.
 * The uncapped buyers poll at most {@code Σ P/(2·p·H(N)) <= P/2} times per second (raising an interval
 * to {@code min} only lowers it), and the capped ones at most {@code N/cap <= P/2}: at most P in all.
 * With the defaults (P = 2000/s, 1 s, 30 s) and 5,000 waiting, the first ~105 poll every second and
 * the interval grows linearly to 30 s at position ~3,150.
 *
 * <p>The pre-queue, which has no order yet, polls every {@code clamp(2M/P, min, max(maxInterval, 2M/P))}
 * for M joiners (at most P/2 per second), or, while {@code saleOpensAt} is ahead, every
 * {@code min(timeLeft, 60 s)} if that is longer: its places are drawn at random at the opening, so asking
 * sooner gains nothing, and a buyer told to come back when the sale opens does not poll a sale months away
 * every second. Lengthening an interval only lowers the load, so the budget holds. Once a minute is as
 * rarely as a far sale is asked about, because the operator may open it early. An opening time that has
 * passed (the waiting room opens on its clock's next tick) or was never told leaves the load-based interval.
 * Admitted and sold-out buyers have nothing to wait for and are told {@code maxInterval}.
 */
@Component
public final class PollInterval {

    /** The longest a pre-queue buyer is told to wait for a sale that opens later than that. */
    static final Duration FAR_OPENING = Duration.ofSeconds(60);

    private final LineProperties properties;
    private final Clock clock;

    public PollInterval(LineProperties properties, Clock clock) {
        this.properties = properties;
        this.clock = clock;
    }

    /** Milliseconds until the next poll of a session at {@code place}. */
    public long millis(Place place) {
        double min = properties.minPollInterval().toMillis();
        double max = properties.maxPollInterval().toMillis();
        double budget = properties.targetPollsPerSecond() / 1000.0;
        double size = Math.max(1, place.size());
        double cap = Math.max(max, 2 * size / budget);
        double interval = switch (place.status()) {
            case WAITING -> 2 * Math.max(1, place.position()) * (1 + Math.log(size)) / budget;
            case NOT_OPEN -> 2 * size / budget;
            case ADMITTED, SOLD_OUT -> max;
        };
        long loadBased = Math.round(Math.min(cap, Math.max(min, interval)));
        if (place.status() != QueueStatus.NOT_OPEN) {
            return loadBased;
        }
        return Math.max(loadBased, untilOpening(place.saleOpensAt()));
    }

    /** {@code min(timeLeft, FAR_OPENING)} in milliseconds; 0 once the opening time has passed or if unknown. */
    private long untilOpening(Instant saleOpensAt) {
        if (saleOpensAt == null) {
            return 0;
        }
        Duration left = Duration.between(clock.instant(), saleOpensAt);
        return left.isNegative() ? 0 : Math.min(left.toMillis(), FAR_OPENING.toMillis());
    }
}
