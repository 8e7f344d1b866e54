package dev.onsale.booking.event;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/** The cached, anonymous read path of events and seats. */
@ConfigurationProperties("onsale.catalog")
record CatalogProperties(
        // How long a rendered response is served before the database is asked again (responses may lag by this much).
        @DefaultValue("1s") Duration cacheTtl,
        // Cache-Control max-age given to clients and proxies.
        @DefaultValue("1s") Duration clientMaxAge,
        // Upper bound of cached responses (event list, and details and seat lists of events).
        @DefaultValue("10000") long maxEntries) {}
