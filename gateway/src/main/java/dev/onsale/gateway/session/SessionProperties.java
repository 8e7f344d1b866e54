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
 */
@ConfigurationProperties("onsale.session")
public record SessionProperties(
        String key,
        @DefaultValue List<String> previousKeys,
        @DefaultValue("2h") Duration ttl,
        @DefaultValue("10s") Duration joinTimeout) {}
