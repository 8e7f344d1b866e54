package dev.onsale.inventory.availability;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The availability read path.
 *
 * @param cacheTtl    how long one replica reuses an event's availability (the API allows at most 1 s)
 * @param cacheEvents most events whose availability one replica keeps
 */
@ConfigurationProperties("onsale.availability")
record AvailabilityProperties(
        @DefaultValue("1s") Duration cacheTtl,
        @DefaultValue("10000") long cacheEvents) {

    AvailabilityProperties {
        if (cacheTtl.isNegative() || cacheTtl.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("onsale.availability.cache-ttl must be between 0 and 1s");
        }
    }
}
