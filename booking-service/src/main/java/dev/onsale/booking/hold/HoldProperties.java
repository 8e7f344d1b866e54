package dev.onsale.booking.hold;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Allocation of the gate's orders: consuming onsale.holds.commands, claiming seats, replying.
 *
 * @param consumers consumer threads of onsale.holds.commands in this replica (the listener's container; threads
 *     beyond the partitions idle)
 * @param adjacencyWindow free seats a quantity allocation locks (SKIP LOCKED) to look for adjacent ones; at least the
 *     quantity
 * @param replyTransit how long a reply takes to reach the waiting gate: an AllocateSeats taken later than its
 *     answerBy less this is skipped (its gate has stopped waiting, or will before the reply arrives, and cancels it)
 */
@ConfigurationProperties("onsale.holds")
public record HoldProperties(
        @DefaultValue("3") int consumers,
        @DefaultValue("32") int adjacencyWindow,
        @DefaultValue("250ms") Duration replyTransit) {

    public HoldProperties {
        if (consumers < 1) {
            throw new IllegalArgumentException("onsale.holds.consumers must be positive, was " + consumers);
        }
        if (replyTransit.isNegative()) {
            throw new IllegalArgumentException("onsale.holds.reply-transit must not be negative");
        }
    }
}
