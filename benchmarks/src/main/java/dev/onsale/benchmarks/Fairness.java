package dev.onsale.benchmarks;

import java.util.List;

/**
 * First come, first served, judged on the buyers who arrived after the opening: a pair of buyers is inverted when
 * the one who arrived first was placed behind the other or let in after the other.
 *
 * <p>Only pairs whose order of arrival is certain are judged: the first buyer's arrival was answered before the
 * second's was sent. Such a first join was already in the line when the second was asked for, so whatever the
 * gateway does with arrivals (it sends them to queue-service in batches, several calls in flight, in the order they
 * came) the second can only be placed behind it; and the pump lets the line in in place order. An inversion there is
 * the system's, never the batching's, so the tolerance is {@link #TOLERATED_INVERSIONS}: none. A pair whose
 * requests overlapped in time arrived at the same moment as far as anyone can tell (two calls in flight together,
 * or two arrivals of one batch); its order is the batching's to decide, so it is a tie, counted but not judged.
 * Admission is compared in whole seconds, as the admission token tells it (its expiry, the admission's moment plus
 * the event's one admission TTL), so two buyers let in within the same second are a tie as well.
 */
final class Fairness {

    /** Inversions allowed among the pairs whose order of arrival is certain (see the class comment). */
    static final long TOLERATED_INVERSIONS = 0;

    /**
     * One buyer's arrival in the line.
     *
     * @param sentNanos      when its first join (or its arrival, session and join in one call) was sent
     * @param answeredNanos  when its join was first answered 200, on the same clock
     * @param afterOpening   whether that answer placed it in the open line (not the pre-queue)
     * @param place          its permanent place in line, as that answer gave it; 0 when it gave none
     * @param admittedSecond the second in which it was let in, on the admission tokens' scale; -1 if never
     * @param lostPlace      whether the line lost its place (a Redis restart) and it joined again, at the back
     */
    record Arrival(
            long sentNanos,
            long answeredNanos,
            boolean afterOpening,
            long place,
            long admittedSecond,
            boolean lostPlace) {}

    /**
     * @param buyers        the buyers judged: arrived after the opening and let in, their place never lost
     * @param lostPlaces    buyers not judged because the line lost their place (they joined again, at the back)
     * @param certainPairs  pairs whose order of arrival is certain
     * @param inversions    certain pairs placed or let in the other way round
     * @param tiedPairs     pairs whose arrivals overlapped: not judged
     * @param tiesReordered tied pairs placed or let in the other way round than their requests were sent
     */
    record Result(
            long buyers, long lostPlaces, long certainPairs, long inversions, long tiedPairs, long tiesReordered) {

        boolean fair() {
            return inversions <= TOLERATED_INVERSIONS;
        }
    }

    private Fairness() {}

    static Result of(List<Arrival> arrivals) {
        List<Arrival> judged = arrivals.stream()
                .filter(a -> a.afterOpening() && a.admittedSecond() >= 0 && a.answeredNanos() >= a.sentNanos())
                .toList();
        long lost = judged.stream().filter(Arrival::lostPlace).count();
        judged = judged.stream().filter(a -> !a.lostPlace()).toList();
        long certain = 0;
        long inversions = 0;
        long tied = 0;
        long reordered = 0;
        for (int i = 0; i < judged.size(); i++) {
            Arrival a = judged.get(i);
            for (int j = i + 1; j < judged.size(); j++) {
                Arrival b = judged.get(j);
                if (a.answeredNanos() < b.sentNanos()) {
                    certain++;
                    inversions += ahead(b, a) ? 1 : 0;
                } else if (b.answeredNanos() < a.sentNanos()) {
                    certain++;
                    inversions += ahead(a, b) ? 1 : 0;
                } else {
                    tied++;
                    Arrival sentFirst = a.sentNanos() <= b.sentNanos() ? a : b;
                    reordered += ahead(sentFirst == a ? b : a, sentFirst) ? 1 : 0;
                }
            }
        }
        return new Result(judged.size(), lost, certain, inversions, tied, reordered);
    }

    /** Whether {@code later} was placed ahead of {@code earlier}, or let in in an earlier second. */
    private static boolean ahead(Arrival later, Arrival earlier) {
        boolean placedAhead = later.place() > 0 && earlier.place() > 0 && later.place() < earlier.place();
        return placedAhead || later.admittedSecond() < earlier.admittedSecond();
    }

    /**
     * The second an admission token ({@code a1.<admission>.<session>.<event>.<expiresAtEpochSeconds>.<hmac>}) was
     * issued in, on its own scale (its expiry: every admission of an event lives as long); -1 when it has none.
     */
    static long admittedSecond(String admissionToken) {
        if (admissionToken == null) {
            return -1;
        }
        String[] parts = admissionToken.split("\\.", -1);
        if (parts.length != 6) {
            return -1;
        }
        try {
            return Long.parseLong(parts[4]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
