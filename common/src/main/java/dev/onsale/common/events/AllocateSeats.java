package dev.onsale.common.events;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The gate passed order {@code orderId} of session {@code sessionId}: allocate {@code quantity} seats
 * of the event in the database. {@code seatIds} names the chosen seats (then its size is
 * {@code quantity}); empty means any {@code quantity} free seats, adjacent ones preferred.
 * {@code requestedAt} is when the gate passed it; {@code answerBy} is when the gate stops waiting for the reply
 * (then it answers 503 and sends {@link CancelAllocation}): an allocation decided after it would only be
 * cancelled again, so booking skips it. {@code answerBy} is null in a command from a gate that did not send it.
 */
public record AllocateSeats(
        UUID orderId,
        UUID eventId,
        UUID sessionId,
        List<String> seatIds,
        int quantity,
        Instant requestedAt,
        Instant answerBy)
        implements HoldCommand {

    public AllocateSeats {
        seatIds = List.copyOf(seatIds);
        if (quantity < 1) {
            throw new IllegalArgumentException("quantity must be positive, was " + quantity);
        }
        if (!seatIds.isEmpty() && seatIds.size() != quantity) {
            throw new IllegalArgumentException(
                    "quantity " + quantity + " does not match " + seatIds.size() + " seat ids");
        }
    }

    /** Whether the buyer chose the seats (rather than asking for a quantity). */
    public boolean chosenSeats() {
        return !seatIds.isEmpty();
    }
}
