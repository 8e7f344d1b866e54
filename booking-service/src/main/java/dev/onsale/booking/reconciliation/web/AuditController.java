package dev.onsale.booking.reconciliation.web;

import dev.onsale.booking.reconciliation.EventLedger;
import dev.onsale.booking.reconciliation.Ledgers;
import dev.onsale.booking.reconciliation.ReconciliationReport;
import dev.onsale.booking.reconciliation.ReconciliationReports;
import dev.onsale.booking.reconciliation.ReconciliationReports.Summary;
import dev.onsale.booking.reconciliation.ReconciliationReports.Verification;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Auditor;
import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The auditors' reading: the reconciliation reports newest first, one report as JSON or CSV, the chain's
 * verification, and an event's ledger. Read-only: no call alters or removes a report. Auditor (or admin) token only.
 */
@RestController
class AuditController {

    static final MediaType CSV = MediaType.parseMediaType("text/csv;charset=UTF-8");
    private static final int MAX_LIMIT = 200;

    private final ReconciliationReports reports;
    private final Ledgers ledgers;

    AuditController(ReconciliationReports reports, Ledgers ledgers) {
        this.reports = reports;
        this.ledgers = ledgers;
    }

    @Answers(problems = ProblemType.EVENT_NOT_FOUND)
    @GetMapping("/audit/events/{eventId}/ledger")
    EventLedger ledger(Auditor auditor, @PathVariable UUID eventId) {
        return ledgers.of(eventId)
                .orElseThrow(() -> new ProblemException(ProblemType.EVENT_NOT_FOUND, "there is no event " + eventId));
    }

    @GetMapping("/audit/reconciliation/reports")
    Map<String, Object> list(
            Auditor auditor,
            @RequestParam(defaultValue = "50") int limit,
            @RequestParam(required = false) UUID before) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ProblemException.invalidRequest(
                    List.of(new FieldError("limit", "must be between 1 and " + MAX_LIMIT)));
        }
        List<Summary> page = reports.list(limit + 1, before)
                .orElseThrow(() -> new ProblemException(ProblemType.REPORT_NOT_FOUND, "there is no report " + before));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("reports", page.subList(0, Math.min(limit, page.size())));
        body.put("next", page.size() > limit ? page.get(limit - 1).reportId() : null);
        return body;
    }

    @Answers(problems = ProblemType.REPORT_NOT_FOUND)
    @GetMapping(path = "/audit/reconciliation/reports/{reportId}", produces = MediaType.APPLICATION_JSON_VALUE)
    ReconciliationReport report(Auditor auditor, @PathVariable UUID reportId) {
        return find(reportId);
    }

    @Answers(problems = ProblemType.REPORT_NOT_FOUND)
    @GetMapping(path = "/audit/reconciliation/reports/{reportId}", produces = "text/csv")
    ResponseEntity<String> reportAsCsv(Auditor auditor, @PathVariable UUID reportId) {
        return ResponseEntity.ok().contentType(CSV).body(ReportCsv.of(find(reportId)));
    }

    @Answers(problems = ProblemType.INVALID_REQUEST)
    @GetMapping("/audit/reconciliation/verify")
    Map<String, Object> verify(Auditor auditor, @RequestParam(required = false) String head) {
        if (head != null && !head.matches("[0-9a-f]{64}")) {
            throw ProblemException.invalidRequest(
                    List.of(new FieldError("head", "must be a report's hash: 64 hex digits")));
        }
        Verification verification = reports.verify(head);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("valid", verification.valid());
        body.put("reports", verification.reports());
        if (!verification.valid()) {
            body.put("firstBadReportId", verification.firstBadReportId());
            body.put("reason", verification.reason());
        }
        return body;
    }

    private ReconciliationReport find(UUID reportId) {
        return reports.find(reportId)
                .orElseThrow(
                        () -> new ProblemException(ProblemType.REPORT_NOT_FOUND, "there is no report " + reportId));
    }
}
