package dev.onsale.booking.reconciliation;

/** Another run (on this replica or another) holds the reconciliation lock. */
public class ReconciliationRunning extends RuntimeException {

    ReconciliationRunning() {
        super("a reconciliation run is under way");
    }
}
