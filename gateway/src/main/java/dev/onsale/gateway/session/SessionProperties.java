package dev.onsale.gateway.session;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Buyer sessions issued by {@code POST /api/sessions}.
 *
 * @param key             HMAC key signing new tokens, at least 32 bytes (ONSALE_SESSION_KEY)
 * @param previousKeys    keys that still verify tokens during a rotation (ONSALE_SESSION_PREVIOUS_KEYS, comma-separated)
 * @param ttl             how long a new session stays valid
 * @param joinTimeout     how long a session created with an {@code eventId} waits for its join before 503 (as
 *                        long as a forwarded join may wait for queue-service's answer, within the gateway's deadline)
 * @param joinBatchSize   the most arrivals of one event joined in one call to queue-service: the arrivals that came
 *                        while earlier joins were on their way go together, so that a burst of buyers costs a few
 *                        calls and Redis round trips instead of one each ({@link ArrivalJoin})
 * @param joinsInFlight   the most such calls on their way at once; an arrival waits for one to come back only when
 *                        this many are out, and then goes with the others that came meanwhile
 */
@ConfigurationProperties("onsale.session")
public record SessionProperties(
        String key,
        @DefaultValue List<String> previousKeys,
        @DefaultValue("2h") Duration ttl,
        @DefaultValue("10s") Duration joinTimeout,
        @DefaultValue("200") int joinBatchSize,
        @DefaultValue("4") int joinsInFlight) {

    public SessionProperties {
        if (joinBatchSize < 1 || joinBatchSize > 1000) {
            throw new IllegalArgumentException(
                    "onsale.session.join-batch-size must be between 1 and 1000 (queue-service's limit)");
        }
        if (joinsInFlight < 1) {
            throw new IllegalArgumentException("onsale.session.joins-in-flight must be at least 1");
        }
    }
}
