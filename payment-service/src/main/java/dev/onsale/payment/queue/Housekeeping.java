package dev.onsale.payment.queue;

import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.record.Payments;
import dev.onsale.payment.settlement.Settlement;
import dev.onsale.platform.scheduling.PeriodicPass;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every {@code housekeeping-interval}, on every replica: fails the queued payments whose bound passed while no
 * claim held them (FAILED, provider-unavailable, PaymentFailed — a later success still settles), batch after batch
 * while batches are full; then refreshes the queue gauges.
 */
@Component
class Housekeeping extends PeriodicPass {

    private final Payments payments;
    private final Settlement settlement;
    private final TransactionTemplate transactions;
    private final QueueMetrics metrics;
    private final int batch;

    Housekeeping(
            Payments payments,
            Settlement settlement,
            TransactionTemplate transactions,
            QueueMetrics metrics,
            QueueProperties properties) {
        super("payment-housekeeping", true, properties.housekeepingInterval());
        this.payments = payments;
        this.settlement = settlement;
        this.transactions = transactions;
        this.metrics = metrics;
        this.batch = properties.giveUpBatch();
    }

    @Override
    protected void pass() {
        int failed;
        do {
            failed = transactions.execute(status -> {
                List<UUID> overdue = payments.lockOverdue(batch);
                overdue.forEach(id -> settlement.failed(id, Settlement.PROVIDER_UNAVAILABLE));
                return overdue.size();
            });
        } while (failed == batch);
        Map<PaymentStatus, Long> open = payments.countOpen();
        metrics.counts(open.get(PaymentStatus.QUEUED), open.get(PaymentStatus.SUBMITTED));
    }
}
