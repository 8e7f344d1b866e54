package dev.onsale.booking.reconciliation;

import dev.onsale.common.events.ReconcileGate;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Reconciliation of the gate (inventory's Redis) with the database.
 *
 * @param scheduled        whether runs start on their own every {@code interval} (operators can always start one)
 * @param interval         time between the end of one scheduled run and the start of the next
 * @param inFlightWindow   how recently an order must have changed for a difference it explains to count as a
 *                         message still travelling (in flight) instead of drift; at least the gate's own bound on a
 *                         PENDING order (inventory's {@code onsale.holds.pending-stale-after})
 * @param gateAnswerWait   how long a run waits for the gate's answers (all events together); keep it under the
 *                         gateway's response timeout, so that an operator's run is answered
 * @param replyGroupPrefix consumer group prefix of this replica's listener for the gate's answers (a random
 *                         suffix makes it this replica's own: every replica reads every answer)
 * @param ordersPerPart    most orders in one message of a run's question about an event (it goes in as many parts as
 *                         needed); at most {@link ReconcileGate#ORDERS_PER_PART}, which keeps a part well below
 *                         Kafka's default message limit
 */
@ConfigurationProperties("onsale.reconciliation")
public record ReconciliationProperties(
        @DefaultValue("true") boolean scheduled,
        @DefaultValue("60s") Duration interval,
        @DefaultValue("60s") Duration inFlightWindow,
        @DefaultValue("5s") Duration gateAnswerWait,
        @DefaultValue("booking-reconciliation-") String replyGroupPrefix,
        @DefaultValue("1000") int ordersPerPart) {

    public ReconciliationProperties {
        if (interval.isNegative()
                || interval.isZero()
                || inFlightWindow.isNegative()
                || gateAnswerWait.isNegative()
                || gateAnswerWait.isZero()) {
            throw new IllegalArgumentException("onsale.reconciliation: interval and gate-answer-wait must be positive,"
                    + " in-flight-window not negative");
        }
        if (ordersPerPart < 1 || ordersPerPart > ReconcileGate.ORDERS_PER_PART) {
            throw new IllegalArgumentException("onsale.reconciliation.orders-per-part must be between 1 and "
                    + ReconcileGate.ORDERS_PER_PART + ", was " + ordersPerPart);
        }
    }
}
