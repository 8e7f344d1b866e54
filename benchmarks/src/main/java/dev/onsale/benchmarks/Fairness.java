package dev.onsale.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
 *
 * <p>A line Redis lost (restarted empty) is followed by a new one, whose places start again from 1: places are
 * compared only between buyers placed in the same line. A join answered while Redis restarted may have been placed in
 * either, so its place is compared with none. Admissions are moments, comparable across lines.
 */
final class Fairness {

    /** Inversions allowed among the pairs whose order of arrival is certain (see the class comment). */
    static final long TOLERATED_INVERSIONS = 0;

    /** How many inversions a result describes, for whoever reads why it failed. */
    static final int EXAMPLES = 3;

    /** A time the waiting room's line was lost, on the {@link System#nanoTime()} clock: Redis restarting empty. */
    record LineLoss(long fromNanos, long toNanos) {}

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
     * @param examples      up to {@link #EXAMPLES} inversions, each pair described earlier arrival first
     */
    record Result(
            long buyers,
            long lostPlaces,
            long certainPairs,
            long inversions,
            long tiedPairs,
            long tiesReordered,
            List<String> examples) {

        Result(long buyers, long lostPlaces, long certainPairs, long inversions, long tiedPairs, long tiesReordered) {
            this(buyers, lostPlaces, certainPairs, inversions, tiedPairs, tiesReordered, List.of());
        }

        boolean fair() {
            return inversions <= TOLERATED_INVERSIONS;
        }
    }

    private Fairness() {}

    static Result of(List<Arrival> arrivals) {
        return of(arrivals, List.of());
    }

    /** The arrivals judged, with the times the line was lost ({@code losses}: places in two lines are not compared). */
    static Result of(List<Arrival> arrivals, List<LineLoss> losses) {
        List<Arrival> judged = arrivals.stream()
                .filter(a -> a.afterOpening() && a.admittedSecond() >= 0 && a.answeredNanos() >= a.sentNanos())
                .toList();
        long lost = judged.stream().filter(Arrival::lostPlace).count();
        judged = judged.stream().filter(a -> !a.lostPlace()).toList();
        int[] lines = judged.stream().mapToInt(a -> line(a, losses)).toArray();
        Describer describer = new Describer(judged);
        long certain = 0;
        long inversions = 0;
        long tied = 0;
        long reordered = 0;
        List<String> examples = new ArrayList<>();
        for (int i = 0; i < judged.size(); i++) {
            Arrival a = judged.get(i);
            for (int j = i + 1; j < judged.size(); j++) {
                Arrival b = judged.get(j);
                boolean sameLine = lines[i] >= 0 && lines[i] == lines[j];
                if (a.answeredNanos() < b.sentNanos() || b.answeredNanos() < a.sentNanos()) {
                    certain++;
                    Arrival earlier = a.answeredNanos() < b.sentNanos() ? a : b;
                    Arrival later = earlier == a ? b : a;
                    if (ahead(later, earlier, sameLine)) {
                        inversions++;
                        if (examples.size() < EXAMPLES) {
                            examples.add(describer.describe(earlier) + "; " + describer.describe(later));
                        }
                    }
                } else {
                    tied++;
                    Arrival sentFirst = a.sentNanos() <= b.sentNanos() ? a : b;
                    reordered += ahead(sentFirst == a ? b : a, sentFirst, sameLine) ? 1 : 0;
                }
            }
        }
        return new Result(judged.size(), lost, certain, inversions, tied, reordered, List.copyOf(examples));
    }

    /** Which line the arrival was placed in: 0 before any loss, 1 after the first...; -1 while Redis restarted. */
    private static int line(Arrival arrival, List<LineLoss> losses) {
        int line = 0;
        for (LineLoss loss : losses) {
            if (arrival.answeredNanos() >= loss.fromNanos() && arrival.answeredNanos() <= loss.toNanos()) {
                return -1;
            }
            line += arrival.answeredNanos() > loss.toNanos() ? 1 : 0;
        }
        return line;
    }

    /**
     * Whether {@code later} was placed ahead of {@code earlier} (compared only when both were placed in the same
     * line), or let in in an earlier second.
     */
    private static boolean ahead(Arrival later, Arrival earlier, boolean sameLine) {
        boolean placedAhead = sameLine && later.place() > 0 && earlier.place() > 0 && later.place() < earlier.place();
        return placedAhead || later.admittedSecond() < earlier.admittedSecond();
    }

    /** Arrivals on the run's own scale: seconds after the first arrival was sent, after the first admission. */
    private record Describer(long firstSent, long firstAdmitted) {

        Describer(List<Arrival> arrivals) {
            this(
                    arrivals.stream().mapToLong(Arrival::sentNanos).min().orElse(0),
                    arrivals.stream().mapToLong(Arrival::admittedSecond).min().orElse(0));
        }

        String describe(Arrival arrival) {
            return String.format(
                    Locale.ROOT,
                    "arrived %.1f-%.1f s at place %d, let in at %d s",
                    (arrival.sentNanos() - firstSent) / 1e9,
                    (arrival.answeredNanos() - firstSent) / 1e9,
                    arrival.place(),
                    arrival.admittedSecond() - firstAdmitted);
        }
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
