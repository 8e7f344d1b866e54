package dev.onsale.platform.identity;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How a service checks the gateway's signature on the identity it forwards ({@code X-Onsale-Signature}).
 *
 * @param key          HMAC key shared by the gateway and the services only, at least 32 bytes (ONSALE_IDENTITY_KEY)
 * @param previousKeys keys still accepted during a rotation (ONSALE_IDENTITY_PREVIOUS_KEYS, comma-separated)
 * @param maxAge       how long after the gateway signed a request a service still accepts it; longer than the
 *                     gateway's wait for a pooled connection plus the time a request may queue in this server
 * @param maxClockSkew how far ahead of this service's clock the gateway's may run
 */
@ConfigurationProperties("onsale.identity")
public record IdentityProperties(String key, List<String> previousKeys, Duration maxAge, Duration maxClockSkew) {

    public IdentityProperties {
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("onsale.identity.key (ONSALE_IDENTITY_KEY) must be set");
        }
        previousKeys = previousKeys == null ? List.of() : List.copyOf(previousKeys);
        maxAge = maxAge == null ? Duration.ofSeconds(30) : maxAge;
        maxClockSkew = maxClockSkew == null ? Duration.ofSeconds(5) : maxClockSkew;
    }
}
