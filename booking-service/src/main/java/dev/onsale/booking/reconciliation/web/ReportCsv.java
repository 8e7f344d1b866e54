package dev.onsale.booking.reconciliation.web;

import dev.onsale.booking.reconciliation.ReconciliationReport;
import java.util.Objects;

/**
 * A report as CSV (RFC 4180): a header line, then one line per drift, each carrying the report's id, trigger and
 * hash, so that a line kept on its own still says where it came from. A run without drift has the header only.
 */
final class ReportCsv {

    static final String HEADER =
            "report_id,started_at,finished_at,trigger,event_id,kind,order_id,seat_id,detail,action,report_hash";

    private ReportCsv() {}

    static String of(ReconciliationReport report) {
        StringBuilder csv = new StringBuilder(HEADER).append("\r\n");
        for (ReconciliationReport.EventResult event : report.events()) {
            for (ReconciliationReport.Drift drift : event.drifts()) {
                csv.append(String.join(
                                ",",
                                field(report.reportId()),
                                field(report.startedAt()),
                                field(report.finishedAt()),
                                field(report.trigger()),
                                field(event.eventId()),
                                field(drift.kind()),
                                field(drift.orderId()),
                                field(drift.seatId()),
                                field(drift.detail()),
                                field(drift.action()),
                                field(report.hash())))
                        .append("\r\n");
            }
        }
        return csv.toString();
    }

    private static String field(Object value) {
        String text = Objects.toString(value, "");
        if (text.contains(",") || text.contains("\"") || text.contains("\r") || text.contains("\n")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
