package dev.onsale.payment.queue;

import dev.onsale.payment.provider.Endpoint;
import dev.onsale.payment.record.Payment;
import dev.onsale.payment.refund.Refund;
import java.util.UUID;

/** One claimed row, held under {@code claim} until its call's outcome is written. */
sealed interface Work {

    UUID claim();

    Endpoint endpoint();

    record Charge(Payment payment, UUID claim) implements Work {
        public Endpoint endpoint() {
            return Endpoint.CHARGES;
        }
    }

    record Refunding(Refund refund, UUID claim) implements Work {
        public Endpoint endpoint() {
            return Endpoint.REFUNDS;
        }
    }
}
