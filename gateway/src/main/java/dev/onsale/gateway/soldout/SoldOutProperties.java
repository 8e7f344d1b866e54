package dev.onsale.gateway.soldout;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sold-out edge ({@link SoldOutEdgeFilter}).
 *
 * @param enabled      whether the gateway answers holds sold-out itself; off, every hold reaches the gate at once
 * @param inFlight     how many holds of one event this replica has at inventory-service at once; the others wait
 *                     their turn at the gateway, in the order they came, where the gate's word can answer them
 * @param standsFor    how long the gate's word that no seat is free stands without a new one: the most the edge can
 *                     lag behind a seat coming free when the announcement of it is lost or late
 * @param retryAfter   the {@code Retry-After} of the edge's answer while held seats may come back, until a refusal of
 *                     the gate has told its own (inventory-service's {@code onsale.holds.sold-out-retry-after})
 */
@ConfigurationProperties("onsale.sold-out-edge")
public record SoldOutProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("256") int inFlight,
        @DefaultValue("1s") Duration standsFor,
        @DefaultValue("5s") Duration retryAfter) {

    public SoldOutProperties {
        if (inFlight < 1 || standsFor.isNegative() || standsFor.isZero() || retryAfter.toSeconds() < 1) {
            throw new IllegalArgumentException("onsale.sold-out-edge.in-flight must be at least 1, stands-for"
                    + " positive and retry-after at least 1s");
        }
    }
}
