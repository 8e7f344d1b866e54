package dev.onsale.booking.dashboard;

import dev.onsale.booking.event.SaleControl;
import dev.onsale.booking.reconciliation.ReconciliationReport;
import dev.onsale.booking.reconciliation.ReconciliationReport.EventResult;
import dev.onsale.booking.reconciliation.ReconciliationReports;
import dev.onsale.common.events.SaleState;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Booking's part of an event's operator dashboard: the sale as the database of record has it, and what the newest
 * reconciliation report says of the event.
 */
@Component
public class SaleDashboard {

    /**
     * @param lastReconciliation the newest report; null before the first run
     */
    public record SalePart(UUID eventId, SaleState saleState, int capacity, LastReconciliation lastReconciliation) {}

    /**
     * The newest reconciliation report, as it concerns this event.
     *
     * @param drifts       this event's drifts in that report; null if the run did not cover the event ({@code covered}
     *                     false: a run reconciles only events whose sale is not CLOSED)
     * @param gateAnswered whether the gate answered for this event in that run; null if not covered
     * @param totalDrifts  the report's drifts over all events
     */
    public record LastReconciliation(
            UUID reportId,
            Instant finishedAt,
            String trigger,
            boolean covered,
            Integer drifts,
            Boolean gateAnswered,
            int totalDrifts) {}

    private final SaleControl sales;
    private final ReconciliationReports reports;

    SaleDashboard(SaleControl sales, ReconciliationReports reports) {
        this.sales = sales;
        this.reports = reports;
    }

    /** Empty if there is no such event. */
    public Optional<SalePart> read(UUID eventId) {
        return sales.current(eventId)
                .map(event ->
                        new SalePart(event.id(), event.saleState(), event.capacity(), lastReconciliation(eventId)));
    }

    private LastReconciliation lastReconciliation(UUID eventId) {
        return reports.latest()
                .flatMap(summary -> reports.find(summary.reportId()))
                .map(report -> of(report, eventId))
                .orElse(null);
    }

    private static LastReconciliation of(ReconciliationReport report, UUID eventId) {
        Optional<EventResult> result = report.events().stream()
                .filter(e -> e.eventId().equals(eventId))
                .findFirst();
        return new LastReconciliation(
                report.reportId(),
                report.finishedAt(),
                report.trigger().name(),
                result.isPresent(),
                result.map(r -> r.drifts().size()).orElse(null),
                result.map(EventResult::gateAnswered).orElse(null),
                report.drifts());
    }
}
