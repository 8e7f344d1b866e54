package dev.onsale.gateway.waitingroom;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The gateway's cache of the events' queue progress documents: the role a CDN plays in front of the origin.
 *
 * @param refresh   an event's document is fetched from queue-service at most once per this interval, however
 *                  many ask; everyone in between gets the same bytes
 * @param timeout   longest wait for queue-service's answer
 * @param staleFor  while a refresh is under way or queue-service does not answer, the last good document is
 *                  served, up to this old (a buyer sees progress stall, not an error); past it, 503 with
 *                  Retry-After
 * @param maxEvents most events kept; past it, documents older than {@code refresh} are dropped first
 */
@ConfigurationProperties("onsale.progress")
public record ProgressProperties(
        @DefaultValue("1s") Duration refresh,
        @DefaultValue("2s") Duration timeout,
        @DefaultValue("5m") Duration staleFor,
        @DefaultValue("10000") int maxEvents) {

    public ProgressProperties {
        if (refresh.isNegative() || refresh.isZero() || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("onsale.progress.refresh and timeout must be positive");
        }
        if (maxEvents < 1) {
            throw new IllegalArgumentException("onsale.progress.max-events must be positive");
        }
    }
}
