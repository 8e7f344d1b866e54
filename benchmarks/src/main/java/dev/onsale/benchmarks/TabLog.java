package dev.onsale.benchmarks;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * What one tab saw of the waiting room, for the audit: when it arrived and where that put it, every place it was
 * told, and its admission. Used by the tab's own thread only.
 */
final class TabLog {

    private long joinSent = -1;
    private long joinAnswered = -1;
    private boolean afterOpening;
    private long joinPlace;
    private final Set<Long> places = new TreeSet<>();
    private String admission;
    private boolean lostPlace;

    /** A join (or an arrival with its join) is being sent; the first such is when the tab arrived. */
    void joinSent(long nanos) {
        if (joinSent < 0) {
            joinSent = nanos;
        }
    }

    /** A join answered 200 with {@code queue} ({@code status}, {@code place}, ...); the first such placed the tab. */
    void joinAnswered(long nanos, JsonNode queue) {
        if (joinAnswered < 0) {
            joinAnswered = nanos;
            afterOpening = !"NOT_OPEN".equals(queue.path("status").asString(""));
            joinPlace = queue.path("place").asLong(0);
        }
        saw(queue);
    }

    /** A join or status answer: its place while waiting, its admission once admitted. */
    void saw(JsonNode queue) {
        String status = queue.path("status").asString("");
        long place = queue.path("place").asLong(0);
        if (status.equals("WAITING") && place > 0) {
            places.add(place);
        }
        if (status.equals("ADMITTED")) {
            admission = queue.path("admissionToken").asString(null);
        }
    }

    /** The line no longer knew the tab's session (Redis lost it): the tab joins again, at the back. */
    void lostPlace() {
        lostPlace = true;
    }

    /**
     * The arrival of a session whose tabs are {@code logs}, the first being the one that arrived: if any tab learned
     * that the line lost the session's place (and joined again), or the tabs were told more than one place, the
     * session's place was lost, also for a tab that only saw the new place's admission (another tab had joined again).
     */
    static Fairness.Arrival sessionArrival(List<TabLog> logs) {
        TabLog first = logs.getFirst();
        Fairness.Arrival arrival = first.arrival();
        if (arrival == null) {
            return null;
        }
        Set<Long> told = new TreeSet<>();
        boolean lost = false;
        for (TabLog log : logs) {
            told.addAll(log.places);
            lost |= log.lostPlace;
        }
        return lost || told.size() > 1
                ? new Fairness.Arrival(
                        arrival.sentNanos(),
                        arrival.answeredNanos(),
                        arrival.afterOpening(),
                        arrival.place(),
                        arrival.admittedSecond(),
                        true)
                : arrival;
    }

    /** Every place the tab was told while it waited. */
    Set<Long> places() {
        return Set.copyOf(places);
    }

    /** The admission token, null until admitted. */
    String admission() {
        return admission;
    }

    /**
     * The admission the token names ({@code a1.<admissionId>...}), for a report: the id, never the token (a signed
     * credential); the whole token when it is not in that shape; null until admitted.
     */
    String admissionId() {
        if (admission == null) {
            return null;
        }
        String[] parts = admission.split("\\.", -1);
        return parts.length == 6 ? parts[1] : admission;
    }

    /** The tab's arrival as fairness judges it; null when no join of it was answered. */
    Fairness.Arrival arrival() {
        if (joinAnswered < 0) {
            return null;
        }
        return new Fairness.Arrival(
                joinSent, joinAnswered, afterOpening, joinPlace, Fairness.admittedSecond(admission), lostPlace);
    }
}
