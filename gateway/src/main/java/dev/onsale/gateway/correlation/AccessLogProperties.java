package dev.onsale.gateway.correlation;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which requests get an access log line. Every failure (5xx) and every refusal of the caller (400, 401, 403, 405,
 * 413, 415, 429, ...) does; a quick success, and a quick business answer (404, 409, 422: sold out, seat taken, not
 * in the queue, a limit), does only on request: one JSON line per status poll was about a tenth of the gateway's
 * CPU under load, the thousands of "sold out" of a sale's last minutes would be as many, and the request metrics
 * already count every answer by route and status.
 *
 * @param successes         also log every answer below 400
 * @param businessAnswers   also log every 404, 409 and 422
 * @param slowerThan        log any answer that took at least this long, whatever its status
 * @param linesPerSecond    the most lines in any one second; the answers over it are counted, and one line a second
 *                          sums them up (how many, how many 5xx, the slowest): in an overload almost every answer is
 *                          slow, and a line for each would add to the overload
 */
@ConfigurationProperties("onsale.access-log")
public record AccessLogProperties(
        @DefaultValue("false") boolean successes,
        @DefaultValue("false") boolean businessAnswers,
        @DefaultValue("1s") Duration slowerThan,
        @DefaultValue("50") int linesPerSecond) {

    public AccessLogProperties {
        if (linesPerSecond < 1) {
            throw new IllegalArgumentException("onsale.access-log.lines-per-second must be at least 1");
        }
    }

    /** Whether an answer with {@code status} that took {@code elapsedNanos} gets a line. */
    public boolean logs(int status, long elapsedNanos) {
        if (elapsedNanos >= slowerThan.toNanos() || status >= 500) {
            return true;
        }
        if (status < 400) {
            return successes;
        }
        return businessAnswers || !(status == 404 || status == 409 || status == 422);
    }
}
