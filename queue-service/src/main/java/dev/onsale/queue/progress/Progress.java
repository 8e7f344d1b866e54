package dev.onsale.queue.progress;

import java.time.Instant;
import java.util.UUID;

/**
 * An event's public progress document (API.md): the same for every caller, so that a cache (the gateway's, a
 * CDN) answers the waiting buyers and the origin sees about one request per second per event. A waiting buyer
 * has {@code place - servingThrough} buyers to go, itself included.
 *
 * @param saleState      the sale as the waiting room knows it
 * @param saleOpensAt    when the sale opens (null if the waiting room was not told)
 * @param opened         whether the waiting room has opened: the pre-queue's buyers have their places from then on
 * @param servingThrough the highest place let in so far (0 before the first admission)
 * @param lineLength     buyers waiting: in line, and those who joined before the opening and wait for it
 * @param admitPerSecond admissions per second to expect: measured, or the configured rate if none yet
 * @param soldOut        nothing can come back: final
 * @param pollAfterMs    the soonest a reader should ask again
 * @param updatedAt      when it was read (Redis' clock)
 */
public record Progress(
        UUID eventId,
        String saleState,
        Instant saleOpensAt,
        boolean opened,
        long servingThrough,
        long lineLength,
        double admitPerSecond,
        boolean soldOut,
        long pollAfterMs,
        Instant updatedAt) {

    public Progress withUpdatedAt(Instant at) {
        return new Progress(
                eventId,
                saleState,
                saleOpensAt,
                opened,
                servingThrough,
                lineLength,
                admitPerSecond,
                soldOut,
                pollAfterMs,
                at);
    }
}
