package dev.onsale.inventory.hold.web;

import dev.onsale.common.SeatIds;
import dev.onsale.inventory.hold.HoldRequest;
import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/** Turns a hold body and its Idempotency-Key into a {@link HoldRequest}, or a 400 naming every bad field. */
final class HoldBodyValidation {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    private static final Pattern VISIBLE_ASCII = Pattern.compile("[\\x21-\\x7E]{1,255}");

    private HoldBodyValidation() {}

    /** @throws ProblemException 400 {@code invalid-request} */
    static HoldRequest validate(UUID eventId, UUID sessionId, HoldBody body, String idempotencyKey) {
        List<FieldError> errors = new ArrayList<>();
        if (idempotencyKey != null && !VISIBLE_ASCII.matcher(idempotencyKey).matches()) {
            errors.add(new FieldError(IDEMPOTENCY_KEY, "must be 1 to 255 visible ASCII characters"));
        }
        if (body == null) {
            errors.add(new FieldError("body", "must be a JSON object with seatIds or quantity"));
        } else if (body.seatIds() != null && body.quantity() != null) {
            errors.add(new FieldError("quantity", "must not be given together with seatIds"));
        } else if (body.seatIds() == null && body.quantity() == null) {
            errors.add(new FieldError("seatIds", "give seatIds or quantity"));
        } else if (body.seatIds() != null) {
            seats(body.seatIds(), errors);
        } else if (body.quantity() < 1) {
            errors.add(new FieldError("quantity", "must be at least 1"));
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalidRequest(errors);
        }
        return body.seatIds() != null
                ? HoldRequest.ofSeats(eventId, sessionId, body.seatIds(), idempotencyKey)
                : HoldRequest.ofQuantity(eventId, sessionId, body.quantity(), idempotencyKey);
    }

    private static void seats(List<String> seatIds, List<FieldError> errors) {
        if (seatIds.isEmpty()) {
            errors.add(new FieldError("seatIds", "must not be empty"));
            return;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < seatIds.size(); i++) {
            String seat = seatIds.get(i);
            if (seat == null || !SeatIds.PATTERN.matcher(seat).matches()) {
                errors.add(
                        new FieldError(
                                "seatIds[" + i + "]",
                                "is not a seat id: ids are section-row-seat like A-3-7, as GET /api/events/{eventId}/seats lists them"));
            } else if (!seen.add(seat)) {
                errors.add(new FieldError("seatIds[" + i + "]", "names a seat already chosen"));
            }
        }
    }
}
