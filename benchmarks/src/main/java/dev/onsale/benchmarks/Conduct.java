package dev.onsale.benchmarks;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The evidence a sale's buyers leave for the audit ({@link ConductAudit}), beyond their answers: where each arrived
 * and when it was let in, every hold made, and what each buyer of a {@link Behaviour} did and was told. Thread-safe:
 * every buyer writes it as it goes; the audit reads a {@link #snapshot()} once they have all ended.
 */
final class Conduct {

    /** The most admission tokens kept for the bots to steal: some, of different buyers. */
    private static final int LEAKS_KEPT = 64;

    /** A hold a buyer got (201): its order, the session that owns it, and when the hold was to expire. */
    record Hold(UUID orderId, String session, Instant expiresAt, Behaviour by) {}

    /**
     * One try of a bot to hold without having waited.
     *
     * @param trick  {@link BotTokens.Trick} by name, or {@code ... (none leaked)} when it had nothing to try with
     * @param status the hold's answer (201 is a hold it should never have got; 0 no answer, -1 not sent)
     * @param answer the status with the problem's slug, as the figures name it
     */
    record BotTry(String trick, int status, String answer) {}

    /** A bot: its tries, in order. */
    record BotRun(List<BotTry> tries) {
        BotRun {
            tries = List.copyOf(tries);
        }

        boolean gotHold() {
            return tries.stream().anyMatch(t -> t.status() == 201);
        }
    }

    /**
     * A double-clicked "Pay" on an order: the answers to its two concurrent requests (one Idempotency-Key), and the
     * payment each named ({@code paymentId}, null when it named none).
     */
    record DoubleClick(UUID orderId, int firstStatus, int secondStatus, String firstPayment, String secondPayment) {

        /** Both clicks answered 202 with one and the same payment, as the contract promises for a repeat. */
        boolean onePayment() {
            return firstStatus == 202
                    && secondStatus == 202
                    && firstPayment != null
                    && firstPayment.equals(secondPayment);
        }
    }

    /**
     * A buyer whose card was declined: the order it paid with the declined card and how that order ended as the
     * buyer saw it, then the order it paid with another card (null if it never paid), and how the buyer ended.
     */
    record Decline(UUID declinedOrder, String declinedOrderStatus, UUID paidOrder, String ending) {}

    /**
     * A session in five tabs: the places and admissions (by id) its tabs were told, how many tabs were let in, the
     * orders made when those clicked "Hold" at the same moment, and where the others were sent ({@code
     * order-already-live} naming the order made, or naming another).
     */
    record TabbedSession(
            Set<Long> places,
            Set<String> admissions,
            int tabsAdmitted,
            List<UUID> ordersMade,
            int sentToTheOrder,
            int sentElsewhere,
            String ending,
            List<String> clicks) {
        TabbedSession {
            places = Set.copyOf(places);
            admissions = Set.copyOf(admissions);
            ordersMade = List.copyOf(ordersMade);
            clicks = List.copyOf(clicks);
        }
    }

    /**
     * A buyer that hammered: every request it made and how many were answered 429, 5xx (when, on the
     * {@link System#nanoTime()} clock), or not at all.
     */
    record Hammering(long requests, long tooMany, List<Long> serverErrorsAt, long unanswered, String ending) {

        Hammering {
            serverErrorsAt = List.copyOf(serverErrorsAt);
        }
    }

    /** Everything recorded, once the buyers have ended. */
    record Snapshot(
            List<Fairness.Arrival> arrivals,
            List<Hold> holds,
            List<BotRun> bots,
            List<DoubleClick> doubleClicks,
            List<Decline> declines,
            List<TabbedSession> tabs,
            List<Hammering> hammers) {

        static final Snapshot EMPTY =
                new Snapshot(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());

        Snapshot {
            arrivals = List.copyOf(arrivals);
            holds = List.copyOf(holds);
            bots = List.copyOf(bots);
            doubleClicks = List.copyOf(doubleClicks);
            declines = List.copyOf(declines);
            tabs = List.copyOf(tabs);
            hammers = List.copyOf(hammers);
        }
    }

    private final Queue<Fairness.Arrival> arrivals = new ConcurrentLinkedQueue<>();
    private final Queue<Hold> holds = new ConcurrentLinkedQueue<>();
    private final Queue<BotRun> bots = new ConcurrentLinkedQueue<>();
    private final Queue<DoubleClick> doubleClicks = new ConcurrentLinkedQueue<>();
    private final Queue<Decline> declines = new ConcurrentLinkedQueue<>();
    private final Queue<TabbedSession> tabs = new ConcurrentLinkedQueue<>();
    private final Queue<Hammering> hammers = new ConcurrentLinkedQueue<>();
    private final List<String> leaked = new CopyOnWriteArrayList<>();

    /** A buyer's arrival, as its one tab saw it; nothing when none of its joins was answered. */
    void arrived(TabLog tab) {
        arrived(List.of(tab));
    }

    /** A buyer's arrival on several tabs, as {@link TabLog#sessionArrival} tells it. */
    void arrived(List<TabLog> tabs) {
        Fairness.Arrival arrival = TabLog.sessionArrival(tabs);
        if (arrival != null) {
            arrivals.add(arrival);
        }
    }

    void held(Hold hold) {
        holds.add(hold);
    }

    void bot(BotRun bot) {
        bots.add(bot);
    }

    void doubleClicked(DoubleClick click) {
        doubleClicks.add(click);
    }

    void declined(Decline decline) {
        declines.add(decline);
    }

    void tabbed(TabbedSession session) {
        tabs.add(session);
    }

    void hammered(Hammering hammering) {
        hammers.add(hammering);
    }

    /** An honest buyer's admission token, as a bot might get hold of it (shoulder-surfed, shared, logged). */
    void leak(String admissionToken) {
        if (admissionToken != null && leaked.size() < LEAKS_KEPT) {
            leaked.add(admissionToken);
        }
    }

    /** One of the leaked admission tokens, drawn with {@code random}; null while none has leaked. */
    String leakedToken(Random random) {
        List<String> now = new ArrayList<>(leaked);
        return now.isEmpty() ? null : now.get(random.nextInt(now.size()));
    }

    Snapshot snapshot() {
        return new Snapshot(
                new ArrayList<>(arrivals),
                new ArrayList<>(holds),
                new ArrayList<>(bots),
                new ArrayList<>(doubleClicks),
                new ArrayList<>(declines),
                new ArrayList<>(tabs),
                new ArrayList<>(hammers));
    }
}
