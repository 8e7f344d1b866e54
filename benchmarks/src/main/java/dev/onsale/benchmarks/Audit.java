package dev.onsale.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The audit of a rehearsed sale: the design's invariants I1-I6 and the sale's own promises, judged from what the
 * public operator and auditor APIs say once the sale has settled (the event's ledger, its dashboard, a
 * reconciliation run) and from what every simulated buyer saw.
 */
final class Audit {

    /** One judged promise. */
    record Check(String name, boolean passed, String detail) {}

    static final String UNAVAILABLE = "503s under 1%";

    /** A 503 is a polite "try again"; more than this share of all requests is not. */
    static final double MAX_UNAVAILABLE_SHARE = 0.01;

    private Audit() {}

    /**
     * @param run       what the buyers saw
     * @param ledger    {@code GET /audit/events/{id}/ledger} after the sale settled
     * @param dashboard {@code GET /admin/events/{id}/dashboard} after the sale settled
     * @param report    the reconciliation run started after the sale settled
     * @param settled   whether every hold and payment ended within the hold TTL and its grace
     */
    static List<Check> of(
            SaleBenchmark.SaleRun run, JsonNode ledger, JsonNode dashboard, JsonNode report, boolean settled) {
        List<Check> checks = new ArrayList<>();
        JsonNode invariants = ledger.path("invariants");
        JsonNode seats = ledger.path("seats");
        long total = seats.path("total").asLong();
        long sold = seats.path("sold").asLong();
        long tickets = ledger.path("tickets").asLong();

        checks.add(new Check(
                "I1 no oversell",
                invariants.path("I1").path("holds").asBoolean(false) && tickets <= total && sold <= total,
                "%d tickets, %d seats sold of %d; ledger: %s"
                        .formatted(tickets, sold, total, detail(invariants, "I1"))));
        checks.add(new Check(
                "I2 no lost payment",
                invariants.path("I2").path("holds").asBoolean(false),
                "%d charges, %d refunds; ledger: %s"
                        .formatted(
                                ledger.path("charges").size(),
                                ledger.path("refunds").size(),
                                detail(invariants, "I2"))));
        checks.add(new Check(
                "I3 no double charge",
                invariants.path("I3").path("holds").asBoolean(false),
                "ledger: " + detail(invariants, "I3")));
        long liveHolds = dashboard.path("seats").path("liveHolds").asLong(-1);
        long held = seats.path("held").asLong(-1);
        checks.add(new Check(
                "I4 no dead holds",
                settled && liveHolds == 0 && held == 0,
                "%s within the hold TTL (%d s) and its grace; live holds at the gate %d, held in the database %d"
                        .formatted(settled ? "settled" : "not settled", run.holdTtlSeconds(), liveHolds, held)));
        JsonNode reconciled = eventOf(report, run.eventId());
        long drifts = reconciled == null ? -1 : reconciled.path("drifts").size();
        checks.add(new Check(
                "I5 counter truth",
                drifts == 0,
                reconciled == null
                        ? "the reconciliation run did not cover the event"
                        : "%d drifts; gate %s, database %s"
                                .formatted(drifts, reconciled.path("gate"), reconciled.path("database"))));
        long unanswered = run.totals().unanswered();
        long unfinished = run.endings().entrySet().stream()
                .filter(e -> !finalAnswer(e.getKey()))
                .mapToLong(Map.Entry::getValue)
                .sum();
        checks.add(new Check(
                "I6 every buyer answered",
                unanswered == 0 && unfinished == 0,
                "%d requests without an answer; %d buyers without a final answer; endings %s"
                        .formatted(unanswered, unfinished, run.endings())));
        double unavailableShare =
                (double) run.totals().unavailable() / Math.max(1, run.totals().requests());
        checks.add(new Check(
                UNAVAILABLE,
                unavailableShare < MAX_UNAVAILABLE_SHARE,
                "%d of %d requests (%.2f%%)"
                        .formatted(run.totals().unavailable(), run.totals().requests(), unavailableShare * 100)));
        boolean demand = run.payers() >= run.seats();
        checks.add(new Check(
                "every seat sold",
                !demand || sold >= total,
                demand
                        ? "%d of %d sold; %d of %d buyers pay".formatted(sold, total, run.payers(), run.buyers())
                        : "not enough paying buyers to sell out (%d for %d seats): not judged"
                                .formatted(run.payers(), run.seats())));
        return checks;
    }

    /**
     * The 503s check of a run with faults: judged on the requests outside every fault's window, where nothing was
     * down; those inside are counted, not judged (a part that is down or rebuilding answers 503 by design).
     */
    static Check unavailableOutside(Chaos chaos, List<Timeline.Sample> samples) {
        long requests = 0;
        long unavailable = 0;
        long inWindows = 0;
        long requestsInWindows = 0;
        for (Timeline.Sample sample : samples) {
            BuyerCounts tick = sample.sincePrevious();
            if (chaos.inWindow(sample.second())) {
                inWindows += tick.unavailable();
                requestsInWindows += tick.requests();
            } else {
                unavailable += tick.unavailable();
                requests += tick.requests();
            }
        }
        double share = (double) unavailable / Math.max(1, requests);
        return new Check(
                UNAVAILABLE,
                share < MAX_UNAVAILABLE_SHARE,
                "%d of %d requests outside the faults (%.2f%%); during the faults and %.0f s after each: %d of %d"
                        .formatted(
                                unavailable,
                                requests,
                                share * 100,
                                Chaos.RECOVERY_SECONDS,
                                inWindows,
                                requestsInWindows));
    }

    /**
     * An ending a buyer can act on: a ticket, sold out, or a hold it chose to let expire; for a bot, the end of its
     * tries (whether it got a hold is judged apart, by "bots that got a hold").
     */
    static boolean finalAnswer(String ending) {
        return ending.equals("paid")
                || ending.startsWith("sold out")
                || ending.equals("held and walked away")
                || ending.equals("bot refused")
                || ending.equals("bot got a hold");
    }

    private static JsonNode eventOf(JsonNode report, UUID eventId) {
        for (JsonNode event : report.path("events")) {
            if (eventId.toString().equals(event.path("eventId").asString())) {
                return event;
            }
        }
        return null;
    }

    private static String detail(JsonNode invariants, String name) {
        JsonNode invariant = invariants.path(name);
        return invariant.isMissingNode() ? "missing" : invariant.path("detail").asString("");
    }
}
