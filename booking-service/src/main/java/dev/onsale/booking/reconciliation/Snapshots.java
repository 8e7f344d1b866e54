package dev.onsale.booking.reconciliation;

import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/** Read-only REPEATABLE READ transactions: every statement of one sees the same snapshot of the database. */
final class Snapshots {

    private Snapshots() {}

    static TransactionTemplate readOnly(PlatformTransactionManager transactions) {
        var snapshot = new TransactionTemplate(transactions);
        snapshot.setIsolationLevel(TransactionDefinition.ISOLATION_REPEATABLE_READ);
        snapshot.setReadOnly(true);
        return snapshot;
    }
}
