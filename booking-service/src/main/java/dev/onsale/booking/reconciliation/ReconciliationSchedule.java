package dev.onsale.booking.reconciliation;

import dev.onsale.booking.reconciliation.ReconciliationReport.Trigger;
import dev.onsale.platform.scheduling.PeriodicPass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Starts a run every {@code onsale.reconciliation.interval} on every replica; the run lock lets one through and
 * the others skip quietly until their next turn.
 */
@Component
class ReconciliationSchedule extends PeriodicPass {

    private static final Logger log = LoggerFactory.getLogger(ReconciliationSchedule.class);

    private final Reconciliation reconciliation;

    ReconciliationSchedule(Reconciliation reconciliation, ReconciliationProperties properties) {
        super("reconciliation", properties.scheduled(), properties.interval());
        this.reconciliation = reconciliation;
    }

    @Override
    protected void pass() {
        try {
            reconciliation.run(Trigger.SCHEDULE);
        } catch (ReconciliationRunning elsewhere) {
            log.debug("a reconciliation run is under way elsewhere; skipped");
        }
    }
}
