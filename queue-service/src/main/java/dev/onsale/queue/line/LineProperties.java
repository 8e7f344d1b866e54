package dev.onsale.queue.line;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How buyers are told to poll the waiting room.
 *
 * @param targetPollsPerSecond status polls per second one event's waiting room may receive in total
 *                             (all replicas), however long the queue; see {@link PollInterval}
 * @param minPollInterval      the shortest interval suggested (the head of the line)
 * @param maxPollInterval      the longest interval suggested while the budget allows; a queue longer
 *                             than {@code targetPollsPerSecond * maxPollInterval / 2} stretches it
 */
@ConfigurationProperties("onsale.queue.line")
public record LineProperties(
        @DefaultValue("2000") int targetPollsPerSecond,
        @DefaultValue("1s") Duration minPollInterval,
        @DefaultValue("30s") Duration maxPollInterval) {

    public LineProperties {
        if (targetPollsPerSecond < 1) {
            throw new IllegalArgumentException("onsale.queue.line.target-polls-per-second must be positive");
        }
        if (minPollInterval.isNegative()
                || minPollInterval.isZero()
                || maxPollInterval.compareTo(minPollInterval) < 0) {
            throw new IllegalArgumentException("onsale.queue.line poll intervals: 0 < min <= max");
        }
    }
}
