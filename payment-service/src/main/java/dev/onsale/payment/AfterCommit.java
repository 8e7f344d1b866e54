package dev.onsale.payment;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/** Runs side effects that must reflect committed state only (meters, wake-ups): after the commit, or at once. */
public final class AfterCommit {

    private AfterCommit() {}

    /** Runs {@code action} once the caller's transaction has committed (never if it rolls back), or now if none. */
    public static void run(Runnable action) {
        if (!TransactionSynchronizationManager.isSynchronizationActive()) {
            action.run();
            return;
        }
        TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
            @Override
            public void afterCommit() {
                action.run();
            }
        });
    }
}
