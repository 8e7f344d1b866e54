package dev.onsale.gateway.correlation;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which requests get an access log line. Every refusal and failure does; a quick success does only on
 * request, since one JSON line per status poll was about a tenth of the gateway's CPU under load and the
 * request metrics already count successes by route and status.
 *
 * @param successes  also log every answer below 400
 * @param slowerThan log any answer that took at least this long, whatever its status
 */
@ConfigurationProperties("onsale.access-log")
public record AccessLogProperties(@DefaultValue("false") boolean successes, @DefaultValue("1s") Duration slowerThan) {
}
