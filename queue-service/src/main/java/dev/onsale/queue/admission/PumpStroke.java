package dev.onsale.queue.admission;

import java.util.List;
import java.util.UUID;

/**
 * What one stroke of the admission pump did.
 *
 * @param outcome    why it admitted no more than it did
 * @param admitted   sessions let in, head of the line first
 * @param lineLength buyers still waiting afterwards
 * @param active     buyers counting as active afterwards
 * @param reclaimed  admissions that had expired unused and stopped counting in this stroke
 */
public record PumpStroke(Outcome outcome, List<UUID> admitted, long lineLength, long active, long reclaimed) {

    public enum Outcome {
        /** Admitted as many as the caps allowed (possibly the whole line). */
        ADMITTED,
        /** Nobody waiting. */
        EMPTY,
        /** The waiting room has not opened yet. */
        NOT_OPEN,
        /** The sale is paused or halted. */
        PAUSED,
        /** The counter is at zero but holds are live: seats may come back. */
        NO_SEATS,
        /** Nothing can come back: final. */
        SOLD_OUT,
        /** {@code maxActiveBuyers} reached. */
        FULL,
        /** Every free seat has a buyer admitted within the claim window who has not held yet. */
        CLAIMED,
        /** {@code maxAdmitPerSecond} spent for now. */
        RATE
    }

    public PumpStroke {
        admitted = List.copyOf(admitted);
    }
}
