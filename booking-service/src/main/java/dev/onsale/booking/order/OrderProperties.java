package dev.onsale.booking.order;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Orders after allocation: the payment bound and the sweeper that expires what notifications missed.
 *
 * @param paymentBound how long a PAYMENT_PENDING order may wait for its payment's result before it expires
 * @param sweepEnabled whether this replica runs the expiry sweeper (any number may; they never expire one order
 *     twice)
 * @param sweepInterval time between the end of one sweep pass and the start of the next: an order is released at most
 *     this late
 * @param sweepBatchSize most orders one sweep transaction expires; a longer backlog is taken by the following
 *     transactions
 */
@ConfigurationProperties("onsale.orders")
public record OrderProperties(
        @DefaultValue("5m") Duration paymentBound,
        @DefaultValue("true") boolean sweepEnabled,
        @DefaultValue("1s") Duration sweepInterval,
        @DefaultValue("100") int sweepBatchSize) {}
