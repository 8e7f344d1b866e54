package dev.onsale.queue.progress;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The public progress document.
 *
 * @param pollInterval the soonest a reader should ask again ({@code pollAfterMs}); also its cache lifetime
 *                     ({@code Cache-Control: public, max-age}), in whole seconds, at least 1
 */
@ConfigurationProperties("onsale.queue.progress")
public record ProgressProperties(@DefaultValue("1s") Duration pollInterval) {

    public ProgressProperties {
        if (pollInterval.toSeconds() < 1) {
            throw new IllegalArgumentException("onsale.queue.progress.poll-interval must be at least 1 s");
        }
    }
}
