package dev.onsale.booking.reconciliation;

import dev.onsale.booking.event.CatalogAnnouncement;
import dev.onsale.booking.event.SaleAction;
import dev.onsale.booking.event.SaleControl;
import dev.onsale.booking.event.SaleStateConflict;
import dev.onsale.booking.reconciliation.DatabaseSide.OpenEvent;
import dev.onsale.booking.reconciliation.DatabaseSide.Side;
import dev.onsale.booking.reconciliation.ReconciliationReport.Drift;
import dev.onsale.booking.reconciliation.ReconciliationReport.EventResult;
import dev.onsale.booking.reconciliation.ReconciliationReport.GateCounts;
import dev.onsale.booking.reconciliation.ReconciliationReport.Trigger;
import dev.onsale.common.events.GateReconciled;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One reconciliation run over every event whose sale is not closed, one run at a time across replicas. Per event:
 * the database's side is read in one snapshot and sent to the gate, which compares, repairs itself toward it and
 * answers with what it found; an oversell in the database halts the sale at once. The run ends as one report
 * appended to the auditors' chain — also when a gate did not answer (the event says so; the next run asks again).
 * A run that rebuilt a gate whose store was lost announces the open events again, for the other services that
 * kept their state in that store.
 */
@Component
public class Reconciliation {

    /** What the run did about an oversell. */
    static final String SALE_HALTED = "SALE_HALTED";

    static final String SALE_ALREADY_STOPPED = "SALE_ALREADY_STOPPED";
    /** The gate's action on an event whose gate had no counter (see inventory's GateReconciler). */
    static final String REBUILT = "REBUILT";

    private static final Logger log = LoggerFactory.getLogger(Reconciliation.class);

    private final DataSource dataSource;
    private final DatabaseSide database;
    private final GateAnswers gate;
    private final ReconciliationReports reports;
    private final SaleControl sales;
    private final CatalogAnnouncement catalog;
    private final ReconciliationMetrics metrics;
    private final ReconciliationProperties properties;
    private final Clock clock = Clock.systemUTC();

    Reconciliation(
            DataSource dataSource,
            DatabaseSide database,
            GateAnswers gate,
            ReconciliationReports reports,
            SaleControl sales,
            CatalogAnnouncement catalog,
            ReconciliationMetrics metrics,
            ReconciliationProperties properties) {
        this.catalog = catalog;
        this.dataSource = dataSource;
        this.database = database;
        this.gate = gate;
        this.reports = reports;
        this.sales = sales;
        this.metrics = metrics;
        this.properties = properties;
    }

    /**
     * Runs now.
     *
     * @throws ReconciliationRunning if another run is under way
     */
    public ReconciliationReport run(Trigger trigger) {
        try (RunLock lock = RunLock.tryAcquire(dataSource)) {
            if (!lock.held()) {
                throw new ReconciliationRunning();
            }
            return runLocked(trigger);
        } catch (SQLException e) {
            throw new IllegalStateException("reconciliation could not take its lock", e);
        }
    }

    private ReconciliationReport runLocked(Trigger trigger) {
        UUID runId = UUID.randomUUID();
        Instant started = clock.instant();
        boolean listening = gate.awaitListening(properties.gateAnswerWait());
        Map<UUID, Side> sides = new LinkedHashMap<>();
        Map<UUID, CompletableFuture<GateReconciled>> answers = new LinkedHashMap<>();
        for (OpenEvent event : database.openEvents()) {
            Side side = database.read(runId, event, properties.inFlightWindow());
            sides.put(event.eventId(), side);
            if (listening) {
                answers.put(event.eventId(), gate.ask(side.command()));
            }
        }
        long deadline = System.nanoTime() + properties.gateAnswerWait().toNanos();
        List<EventResult> events = new ArrayList<>();
        sides.forEach((eventId, side) -> {
            GateReconciled answer = await(answers.get(eventId), deadline);
            List<Drift> drifts = new ArrayList<>();
            if (answer != null) {
                answer.drifts()
                        .forEach(d -> drifts.add(
                                new Drift(d.kind().name(), d.orderId(), d.seatId(), d.detail(), d.action())));
            }
            if (!side.oversells().isEmpty()) {
                String action = halt(eventId);
                side.oversells()
                        .forEach(d -> drifts.add(new Drift(d.kind(), d.orderId(), d.seatId(), d.detail(), action)));
            }
            events.add(new EventResult(
                    eventId,
                    answer == null
                            ? null
                            : new GateCounts(
                                    answer.gate().available(),
                                    answer.gate().liveHolds(),
                                    answer.gate().sold()),
                    side.counts(),
                    answer == null ? 0 : answer.inFlight(),
                    answer != null,
                    drifts));
            if (answer == null) {
                log.warn(
                        "reconciliation run {}: the gate did not answer for event {} within {}",
                        runId,
                        eventId,
                        properties.gateAnswerWait());
            }
        });
        ReconciliationReport report = reports.append(runId, started, clock.instant(), trigger, events);
        metrics.ran(report);
        boolean rebuilt = events.stream().flatMap(e -> e.drifts().stream()).anyMatch(d -> REBUILT.equals(d.action()));
        if (rebuilt) {
            // the waiting room and the gateway kept what they learned in the same store: they learn it again
            log.warn(
                    "reconciliation run {} rebuilt a gate that had lost its store; {} open event(s) announced again",
                    runId,
                    catalog.announceOpenEvents());
        }
        log.info(
                "reconciliation run {} ({}): {} event(s), {} drift(s), report hash {}",
                runId,
                trigger,
                events.size(),
                report.drifts(),
                report.hash());
        return report;
    }

    private String halt(UUID eventId) {
        try {
            sales.drive(eventId, SaleAction.HALT);
            log.error("reconciliation found an oversell in the database for event {}: its sale is halted", eventId);
            return SALE_HALTED;
        } catch (SaleStateConflict alreadyStopped) {
            log.error(
                    "reconciliation found an oversell in the database for event {} (its sale was already {})",
                    eventId,
                    alreadyStopped.current());
            return SALE_ALREADY_STOPPED;
        }
    }

    private static GateReconciled await(CompletableFuture<GateReconciled> answer, long deadlineNanos) {
        if (answer == null) {
            return null;
        }
        try {
            return answer.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            answer.cancel(false);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
