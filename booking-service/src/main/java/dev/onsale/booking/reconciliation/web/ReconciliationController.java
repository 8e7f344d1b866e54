package dev.onsale.booking.reconciliation.web;

import dev.onsale.booking.reconciliation.Reconciliation;
import dev.onsale.booking.reconciliation.ReconciliationReport;
import dev.onsale.booking.reconciliation.ReconciliationRunning;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Admin;
import dev.onsale.platform.web.ProblemException;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /admin/reconciliation/run}: reconciles every event whose sale is not closed, now -> 201 with the
 * finished report and its {@code Location}; 409 {@code reconciliation-running} while another run is under way.
 */
@RestController
class ReconciliationController {

    private final Reconciliation reconciliation;

    ReconciliationController(Reconciliation reconciliation) {
        this.reconciliation = reconciliation;
    }

    @Answers(value = 201, problems = ProblemType.RECONCILIATION_RUNNING)
    @PostMapping("/admin/reconciliation/run")
    ResponseEntity<ReconciliationReport> run(Admin admin) {
        try {
            ReconciliationReport report = reconciliation.run(ReconciliationReport.Trigger.OPERATOR);
            return ResponseEntity.created(URI.create("/audit/reconciliation/reports/" + report.reportId()))
                    .body(report);
        } catch (ReconciliationRunning running) {
            throw new ProblemException(
                            ProblemType.RECONCILIATION_RUNNING,
                            "a reconciliation run is under way; its report will be in /audit/reconciliation/reports")
                    .retryAfter(5);
        }
    }
}
