package dev.onsale.queue.progress;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The public progress document.
 *
 * @param pollInterval   the soonest a reader should ask again ({@code pollAfterMs}) while the line is short; also
 *                       the document's cache lifetime ({@code Cache-Control: public, max-age}), in whole seconds,
 *                       at least 1
 * @param readsPerSecond the read rate of one event's document that its waiting readers together should stay
 *                       within: {@code pollAfterMs} grows with the line, to the whole seconds in which each of
 *                       {@code lineLength} readers reads once at this rate (5,000 waiting at 500/s: every 10 s). A
 *                       reader whose place comes sooner reads at that moment instead (the waiting page does), so
 *                       the readers near the front add about one read per admission. At most
 *                       {@link #LONGEST_POLL_AFTER}: a line longer than 60 s of the budget (30,000 at 500/s) is read
 *                       more often than the budget, so that no page shows a place older than a minute
 */
@ConfigurationProperties("onsale.queue.progress")
public record ProgressProperties(
        @DefaultValue("1s") Duration pollInterval,
        @DefaultValue("500") int readsPerSecond) {

    static final Duration LONGEST_POLL_AFTER = Duration.ofSeconds(60);

    public ProgressProperties {
        if (pollInterval.toSeconds() < 1) {
            throw new IllegalArgumentException("onsale.queue.progress.poll-interval must be at least 1 s");
        }
        if (readsPerSecond < 1) {
            throw new IllegalArgumentException("onsale.queue.progress.reads-per-second must be at least 1");
        }
    }

    /** {@code pollAfterMs} for a line of {@code lineLength}: the poll interval, or longer to keep within the budget. */
    long pollAfterMs(long lineLength) {
        long spread = (lineLength * 1000 + readsPerSecond - 1) / readsPerSecond;
        long wholeSeconds = (spread + 999) / 1000 * 1000;
        return Math.max(pollInterval.toMillis(), Math.min(LONGEST_POLL_AFTER.toMillis(), wholeSeconds));
    }
}
