package dev.onsale.booking.payment;

import dev.onsale.platform.scheduling.PeriodicPass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Every {@code onsale.payments.cleanup-interval}, deletes idempotency records older than
 * {@code onsale.payments.idempotency-ttl}, batch after batch while batches are full. Runs on every replica. A key
 * whose record is gone is a new key again; its order is no longer HELD by then, so a repeat gets 409.
 */
@Component
class IdempotencyCleanup extends PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(IdempotencyCleanup.class);

    private final IdempotencyRecords records;
    private final PaymentProperties properties;

    IdempotencyCleanup(IdempotencyRecords records, PaymentProperties properties) {
        super("idempotency-cleanup", properties.cleanupEnabled(), properties.cleanupInterval());
        this.records = records;
        this.properties = properties;
    }

    @Override
    protected void pass() {
        int deleted;
        do {
            deleted = records.deleteOlderThan(properties.idempotencyTtl(), properties.cleanupBatchSize());
            if (deleted > 0) {
                log.info("Deleted {} idempotency records older than {}", deleted, properties.idempotencyTtl());
            }
        } while (deleted == properties.cleanupBatchSize());
    }
}
