package dev.onsale.booking.event;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The clock that opens scheduled sales at their {@code saleOpensAt}.
 *
 * @param enabled whether this replica runs the clock (any number of replicas may; they never open one event twice)
 * @param interval time between the end of one pass and the start of the next: a sale opens at most this late
 * @param batchSize most events one pass opens in one transaction; a longer backlog is taken by the next passes
 */
@ConfigurationProperties("onsale.sale-clock")
record SaleClockProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("1s") Duration interval,
        @DefaultValue("100") int batchSize) {}
