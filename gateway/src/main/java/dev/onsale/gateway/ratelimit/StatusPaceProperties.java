package dev.onsale.gateway.ratelimit;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The pace of one session's queue status asks ({@code GET /api/queue/{eventId}/status}), kept by each replica in
 * memory and answered 429 there, before Redis or the waiting room is asked. A status ask is the one buyer call that a
 * script repeats for as long as its buyer waits; the session limit (10 a second) lets a script asking five times a
 * second through, and at 50,000 waiting buyers one in a hundred doing so is 2,500 asks a second for the waiting room.
 *
 * @param perSecond sustained asks a second of one session: 1, the shortest {@code pollAfterMs} the waiting room
 *                  gives, so a client that waits {@code pollAfterMs} between asks is never refused
 * @param burst     asks at once (a reload, another tab of the same session)
 */
@ConfigurationProperties("onsale.rate-limit.status")
public record StatusPaceProperties(
        @DefaultValue("1") double perSecond,
        @DefaultValue("3") int burst) {

    public StatusPaceProperties {
        if (perSecond <= 0 || burst < 1) {
            throw new IllegalArgumentException(
                    "onsale.rate-limit.status.per-second must be positive and status.burst at least 1");
        }
    }
}
