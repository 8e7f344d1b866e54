package dev.onsale.inventory.catalog;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How inventory applies catalog events.
 *
 * @param inboxTtl how long the ids of an event's applied messages are remembered after its last
 *                 message; longer than any redelivery (relay retries, a consumer-group rewind within
 *                 the topic's retention). The counter's SET NX protects it beyond that.
 */
@ConfigurationProperties("onsale.catalog")
record CatalogProperties(@DefaultValue("30d") Duration inboxTtl) {}
