package dev.onsale.benchmarks;

import dev.onsale.benchmarks.Audit.Check;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.LongPredicate;

/**
 * The audit of what the sale's behaving buyers ({@link Behaviour}) did and were told, beside {@link Audit}'s
 * invariants: no bot got a hold, no double-click was charged twice, a declined card never became a ticket and its
 * buyer could pay anew, no hold lived past its TTL, admission kept the order of arrival, five tabs kept one place,
 * and hammering got at most 429s. Each judged on the buyers' own evidence ({@link Conduct}), the charges per order
 * ({@link OrderCharges}) and each order as read after the sale settled.
 */
final class ConductAudit {

    /**
     * Beyond a hold's {@code expiresAt}, how long it may still read as HELD: booking's sweeper expires overdue orders
     * every second (and their timers sooner); ten passes is a missed timer and then some, not a dead hold.
     */
    static final int HOLD_EXPIRY_GRACE_SECONDS = 10;

    private ConductAudit() {}

    /**
     * @param conduct the buyers' evidence
     * @param charges each order's charges
     * @param orders  each held order's status as read after the sale settled (absent: it could not be read)
     * @param readAt  when those reads began
     */
    static List<Check> of(
            Conduct.Snapshot conduct, OrderCharges charges, Map<UUID, String> orders, Instant readAt, Chaos chaos) {
        return List.of(
                bots(conduct.bots()),
                doubleClicks(conduct.doubleClicks(), charges, orders),
                declines(conduct.declines(), charges, orders),
                holdsPastTtl(conduct.holds(), orders, readAt),
                fairness(Fairness.of(conduct.arrivals(), chaos.lineLossTimes())),
                tabs(conduct.tabs(), chaos.lineLosses()),
                hammers(conduct.hammers(), chaos::duringFault, Audit.MAX_UNAVAILABLE_SHARE));
    }

    static Check bots(List<Conduct.BotRun> bots) {
        if (bots.isEmpty()) {
            return none("no bot got a hold", "bot");
        }
        long holds = bots.stream().filter(Conduct.BotRun::gotHold).count();
        Map<String, Map<String, Integer>> answers = new TreeMap<>();
        int tries = 0;
        for (Conduct.BotRun bot : bots) {
            for (Conduct.BotTry attempt : bot.tries()) {
                tries++;
                answers.computeIfAbsent(attempt.trick(), t -> new TreeMap<>()).merge(attempt.answer(), 1, Integer::sum);
            }
        }
        return new Check(
                "no bot got a hold",
                holds == 0,
                "%d bots got a hold (of %d bots, %d tries); answers by trick: %s"
                        .formatted(holds, bots.size(), tries, answers));
    }

    static Check doubleClicks(List<Conduct.DoubleClick> clicks, OrderCharges charges, Map<UUID, String> orders) {
        if (clicks.isEmpty()) {
            return none("no double-click charged twice", "double-click");
        }
        int twice = 0;
        int twoPayments = 0;
        int confirmedWithoutOneCharge = 0;
        Map<String, Integer> answers = new TreeMap<>();
        for (Conduct.DoubleClick click : clicks) {
            int count =
                    charges.everyCharge() ? charges.count(click.orderId()) : (int) charges.captured(click.orderId());
            twice += count > 1 ? 1 : 0;
            boolean bothAccepted = click.firstStatus() == 202 && click.secondStatus() == 202;
            twoPayments += bothAccepted && !click.onePayment() ? 1 : 0;
            boolean confirmed = "CONFIRMED".equals(orders.get(click.orderId()));
            confirmedWithoutOneCharge += confirmed && charges.captured(click.orderId()) != 1 ? 1 : 0;
            String answer = click.firstStatus() + "+" + click.secondStatus()
                    + (click.onePayment() ? " one payment" : bothAccepted ? " TWO payments" : "");
            answers.merge(answer, 1, Integer::sum);
        }
        return new Check(
                "no double-click charged twice",
                twice == 0 && twoPayments == 0 && confirmedWithoutOneCharge == 0,
                ("%d double-clicked orders: charged more than once %d, confirmed without exactly one charge %d; the two"
                                + " clicks answered %s; charges from %s")
                        .formatted(clicks.size(), twice, confirmedWithoutOneCharge, answers, charges.source()));
    }

    static Check declines(List<Conduct.Decline> declines, OrderCharges charges, Map<UUID, String> orders) {
        if (declines.isEmpty()) {
            return none("declined, then paid anew", "decline");
        }
        int declined = 0;
        int failed = 0;
        int ticketed = 0;
        int paidAnew = 0;
        int sameOrder = 0;
        int unfinished = 0;
        Map<String, Integer> endings = new TreeMap<>();
        for (Conduct.Decline decline : declines) {
            endings.merge(decline.ending(), 1, Integer::sum);
            unfinished += Audit.finalAnswer(decline.ending()) ? 0 : 1;
            if (decline.declinedOrder() == null) {
                continue;
            }
            declined++;
            String now = orders.getOrDefault(decline.declinedOrder(), decline.declinedOrderStatus());
            failed += "PAYMENT_FAILED".equals(now) ? 1 : 0;
            boolean confirmed = "CONFIRMED".equals(now) || "CONFIRMED".equals(decline.declinedOrderStatus());
            ticketed += confirmed || charges.captured(decline.declinedOrder()) > 0 ? 1 : 0;
            sameOrder += decline.declinedOrder().equals(decline.paidOrder()) ? 1 : 0;
            paidAnew += decline.paidOrder() != null && !decline.paidOrder().equals(decline.declinedOrder()) ? 1 : 0;
        }
        return new Check(
                "declined, then paid anew",
                ticketed == 0 && sameOrder == 0 && unfinished == 0,
                ("%d buyers meant to pay with a declined card, %d did: their orders ended PAYMENT_FAILED %d, confirmed"
                                + " or charged %d; %d paid on a new hold (on the declined order: %d); %d without a final"
                                + " answer; endings %s")
                        .formatted(
                                declines.size(), declined, failed, ticketed, paidAnew, sameOrder, unfinished, endings));
    }

    static Check holdsPastTtl(List<Conduct.Hold> holds, Map<UUID, String> orders, Instant readAt) {
        int past = 0;
        int unread = 0;
        int heldWithinTtl = 0;
        Map<String, Integer> statuses = new TreeMap<>();
        List<Conduct.Hold> once = ordersToRead(holds);
        for (Conduct.Hold hold : once) {
            String status = orders.get(hold.orderId());
            if (status == null) {
                unread++;
                continue;
            }
            statuses.merge(status, 1, Integer::sum);
            if (status.equals("HELD")) {
                boolean overdue = hold.expiresAt() == null
                        || readAt.isAfter(hold.expiresAt().plusSeconds(HOLD_EXPIRY_GRACE_SECONDS));
                past += overdue ? 1 : 0;
                heldWithinTtl += overdue ? 0 : 1;
            }
        }
        return new Check(
                "no hold past TTL + grace",
                past == 0 && unread == 0,
                ("%d holds made; read after the sale: still HELD past their TTL + %d s %d, HELD within it %d, not"
                                + " readable %d; statuses %s")
                        .formatted(once.size(), HOLD_EXPIRY_GRACE_SECONDS, past, heldWithinTtl, unread, statuses));
    }

    static Check fairness(Fairness.Result result) {
        return new Check(
                "fair admission order",
                result.fair(),
                ("%d buyers arrived after the opening and were let in; of %d pairs in a certain order of arrival %d"
                                + " were placed or let in the other way round (tolerated: %d); %d pairs arrived"
                                + " together (ties, not judged), %d of them reordered; %d not judged: the line lost"
                                + " their place%s")
                        .formatted(
                                result.buyers(),
                                result.certainPairs(),
                                result.inversions(),
                                Fairness.TOLERATED_INVERSIONS,
                                result.tiedPairs(),
                                result.tiesReordered(),
                                result.lostPlaces(),
                                result.examples().isEmpty()
                                        ? ""
                                        : "; for example: " + String.join(" | ", result.examples())));
    }

    /**
     * One place per session, one admission, one order from one click; a session may have had one place and one
     * admission more for each time the waiting room lost its line ({@code lineLosses}: it joined again, once for all
     * its tabs, and a line that forgot the session had been let in lets it in again).
     */
    static Check tabs(List<Conduct.TabbedSession> sessions, int lineLosses) {
        if (sessions.isEmpty()) {
            return none("five tabs keep one place", "tabs");
        }
        int places = 0;
        int admissions = 0;
        int orders = 0;
        int elsewhere = 0;
        int sent = 0;
        Map<Integer, Integer> made = new TreeMap<>();
        List<List<String>> sentElsewhereClicks = new ArrayList<>();
        for (Conduct.TabbedSession session : sessions) {
            if (session.sentElsewhere() > 0 && sentElsewhereClicks.size() < 3) {
                sentElsewhereClicks.add(session.clicks());
            }
            places += session.places().size() > 1 + lineLosses ? 1 : 0;
            admissions += session.admissions().size() > 1 + lineLosses ? 1 : 0;
            orders += session.ordersMade().size() > 1 ? 1 : 0;
            elsewhere += session.sentElsewhere();
            sent += session.sentToTheOrder();
            made.merge(session.ordersMade().size(), 1, Integer::sum);
        }
        return new Check(
                "five tabs keep one place",
                places == 0 && admissions == 0 && orders == 0 && elsewhere == 0,
                ("%d sessions of %d tabs: with more than %d place(s) %d, more than %d admission(s) %d, more than one"
                                        + " order from one click %d; sessions by orders made %s; other tabs sent to the"
                                        + " session's order %d, to another %d%s")
                                .formatted(
                                        sessions.size(),
                                        FiveTabs.TABS,
                                        1 + lineLosses,
                                        places,
                                        1 + lineLosses,
                                        admissions,
                                        orders,
                                        made,
                                        sent,
                                        elsewhere,
                                        lineLosses == 0
                                                ? ""
                                                : " (the line was lost " + lineLosses
                                                        + " time(s): one place and admission more each)")
                        + (sentElsewhereClicks.isEmpty()
                                ? ""
                                : "; the five clicks of sessions with a tab sent to another order: "
                                        + sentElsewhereClicks));
    }

    /**
     * Hammering is answered, with 429s where it asks too often, and earns no more 5xx than any buyer: at most
     * {@code allowedShare} of the hammerers' requests (the rehearsal passes every buyer's budget,
     * {@link Audit#MAX_UNAVAILABLE_SHARE}: a loaded stack sheds load with 503s for everyone, hammerers included; a
     * rule of none for them alone failed a default rehearsal on one 503 in 5,392 requests). A 5xx while a fault of
     * the stack lasts ({@code duringFault}, on the {@link System#nanoTime()} clock) is the part that is down, not the
     * hammering: counted apart.
     */
    static Check hammers(List<Conduct.Hammering> hammers, LongPredicate duringFault, double allowedShare) {
        if (hammers.isEmpty()) {
            return none("hammering: 5xx under 1%, all answered", "hammer");
        }
        long requests = 0;
        long tooMany = 0;
        long serverErrors = 0;
        long duringFaults = 0;
        long unanswered = 0;
        int unserved = 0;
        Map<String, Integer> endings = new TreeMap<>();
        for (Conduct.Hammering hammer : hammers) {
            requests += hammer.requests();
            tooMany += hammer.tooMany();
            for (long at : hammer.serverErrorsAt()) {
                serverErrors += duringFault.test(at) ? 0 : 1;
                duringFaults += duringFault.test(at) ? 1 : 0;
            }
            unanswered += hammer.unanswered();
            unserved += Audit.finalAnswer(hammer.ending()) ? 0 : 1;
            endings.merge(hammer.ending(), 1, Integer::sum);
        }
        return new Check(
                "hammering: 5xx under 1%, all answered",
                serverErrors <= allowedShare * requests && unanswered == 0 && unserved == 0,
                ("%d buyers asked every %d ms: %d requests, answered 429 %d, 5xx %d (and %d during the stack's"
                                + " faults), not at all %d; %d without a final answer; endings %s")
                        .formatted(
                                hammers.size(),
                                WaitingPage.HAMMER_MS,
                                requests,
                                tooMany,
                                serverErrors,
                                duringFaults,
                                unanswered,
                                unserved,
                                endings));
    }

    private static Check none(String name, String behaviour) {
        return new Check(name, true, "no such buyer in this run (--%s-percent)".formatted(behaviour));
    }

    /** The orders whose status the audit reads after the sale: every hold made, once each. */
    static List<Conduct.Hold> ordersToRead(List<Conduct.Hold> holds) {
        Map<UUID, Conduct.Hold> byOrder = new TreeMap<>();
        holds.forEach(h -> byOrder.putIfAbsent(h.orderId(), h));
        return new ArrayList<>(byOrder.values());
    }
}
