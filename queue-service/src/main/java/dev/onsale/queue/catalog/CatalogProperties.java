package dev.onsale.queue.catalog;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the waiting room applies catalog events.
 *
 * @param inboxTtl how long the ids of an event's applied messages are remembered after its last
 *                 message; longer than any redelivery (relay retries, a consumer-group rewind within
 *                 the topic's retention)
 */
@ConfigurationProperties("onsale.catalog")
record CatalogProperties(@DefaultValue("30d") Duration inboxTtl) {}
