package dev.onsale.booking.event;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The cached, anonymous read path of events and seats.
 *
 * @param cacheTtl how long a rendered response is served before the database is asked again (responses may lag by
 *     this much)
 * @param clientMaxAge Cache-Control max-age given to clients and proxies
 * @param maxEntries upper bound of cached responses (event list, and details and seat lists of events)
 */
@ConfigurationProperties("onsale.catalog")
record CatalogProperties(
        @DefaultValue("1s") Duration cacheTtl,
        @DefaultValue("1s") Duration clientMaxAge,
        @DefaultValue("10000") long maxEntries) {}
