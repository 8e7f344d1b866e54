package dev.onsale.booking.reconciliation;

import dev.onsale.booking.reconciliation.ReconciliationReport.Trigger;
import dev.onsale.common.events.GateLost;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What booking does when the gate lost its store (GateLost): a reconciliation run at once, which rebuilds every
 * open event's gate from the database and announces the open events again (waiting out a run already under way,
 * so that the rebuild reads the database after the loss). The periodic runs do the same if this news is lost. Every
 * replica hears of the loss; the run lock lets one of them run, and a replica that finds a run under way after it
 * heard waits for that run and then its own finds nothing to rebuild.
 */
@Component
public class GateLossResponse {

    /** How long to keep trying to start the run while others hold the lock. */
    static final Duration PATIENCE = Duration.ofMinutes(2);

    private static final Duration RETRY = Duration.ofSeconds(1);
    private static final Logger log = LoggerFactory.getLogger(GateLossResponse.class);

    private final Reconciliation reconciliation;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(
            Thread.ofVirtual().name("gate-loss").factory());

    GateLossResponse(Reconciliation reconciliation) {
        this.reconciliation = reconciliation;
    }

    public void lost(GateLost lost) {
        worker.execute(() -> respond(lost));
    }

    private void respond(GateLost lost) {
        long giveUp = System.nanoTime() + PATIENCE.toNanos();
        while (true) {
            try {
                ReconciliationReport report = reconciliation.run(Trigger.SCHEDULE);
                log.warn(
                        "the gate lost its store ({}); reconciliation run {} rebuilt it from the database ({} drift(s))",
                        lost.detectedAt(),
                        report.reportId(),
                        report.drifts());
                return;
            } catch (ReconciliationRunning running) {
                if (System.nanoTime() > giveUp) {
                    log.error(
                            "the gate lost its store ({}) and no run could start within {}; the scheduled runs"
                                    + " rebuild it",
                            lost.detectedAt(),
                            PATIENCE);
                    return;
                }
                try {
                    Thread.sleep(RETRY);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            } catch (RuntimeException e) {
                log.error("the rebuild after the gate's loss failed; the scheduled runs rebuild it", e);
                return;
            }
        }
    }
}
