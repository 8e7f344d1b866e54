package dev.onsale.inventory.hold.web;

import dev.onsale.common.GateHeaders;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.inventory.hold.HoldAnswer;
import dev.onsale.inventory.hold.HoldRequest;
import dev.onsale.inventory.hold.HoldsProperties;
import dev.onsale.inventory.hold.OrderRecord;
import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The problem a refused or unanswered hold request is answered with (API.md, holds row). */
final class HoldProblems {

    /** How soon an order that has just ended is known to the gate, as a client is told to ask again. */
    private static final Duration ORDER_ENDING = Duration.ofSeconds(2);

    private HoldProblems() {}

    static ProblemException of(HoldAnswer answer, HoldRequest request, HoldsProperties properties) {
        UUID eventId = request.eventId();
        Duration retryAfter = properties.retryAfter();
        return switch (answer) {
            case HoldAnswer.SoldOut soldOut -> soldOut(soldOut, request.quantity(), properties.soldOutRetryAfter());
            case HoldAnswer.RefusedAtGate gate ->
                switch (gate.reason()) {
                    case EVENT_NOT_FOUND -> eventNotFound(eventId);
                    case SALE_NOT_OPEN -> saleNotOpen();
                    case LIMIT_EXCEEDED -> limitExceeded(request.quantity(), gate.maxPerOrder());
                    case ORDER_ALREADY_LIVE -> orderAlreadyLive(gate.liveOrder());
                    case SOLD_OUT -> soldOutAtAllocation(properties.soldOutRetryAfter());
                    case SEAT_UNAVAILABLE -> seatUnavailable(List.of(), eventId);
                };
            case HoldAnswer.RefusedByAllocation allocation ->
                switch (allocation.reason()) {
                    case SEAT_UNAVAILABLE -> seatUnavailable(allocation.seatIds(), eventId);
                    case UNKNOWN_SEAT -> unknownSeats(request.seatIds(), allocation.seatIds(), eventId);
                    case NOT_SEATED -> notSeated();
                    case SOLD_OUT -> soldOutAtAllocation(properties.soldOutRetryAfter());
                    case EVENT_NOT_FOUND -> eventNotFound(eventId);
                    case SALE_NOT_OPEN -> saleNotOpen();
                    case LIMIT_EXCEEDED -> limitExceeded(request.quantity(), null);
                    case CANCELLED -> unavailable(retryAfter);
                };
            case HoldAnswer.KeyReused reused ->
                new ProblemException(
                        ProblemType.IDEMPOTENCY_KEY_REUSED,
                        "this Idempotency-Key was used for another hold request (order " + reused.orderId()
                                + ", other seats or quantity); send a new key for a new request");
            case HoldAnswer.Ended ended ->
                new ProblemException(
                        ProblemType.HOLD_ENDED,
                        "the hold made with this Idempotency-Key (order " + ended.orderId() + ") has ended: "
                                + (ended.state() == OrderRecord.OrderState.CONVERTED
                                        ? "it was paid"
                                        : "it was cancelled, expired or its payment failed")
                                + "; see GET /api/orders/" + ended.orderId() + ", and send a new key for a new hold");
            case HoldAnswer.Unanswered unanswered -> unavailable(retryAfter);
            case HoldAnswer.GateRebuilding rebuilding ->
                new ProblemException(
                                ProblemType.SERVICE_UNAVAILABLE,
                                "the sale's gate is being rebuilt from the database"
                                        + " after its store was lost; nothing is held, try again shortly")
                        .retryAfter(retryAfter.toSeconds());
            case HoldAnswer.Held held -> throw new IllegalArgumentException("a held order is no problem");
        };
    }

    private static ProblemException eventNotFound(UUID eventId) {
        return new ProblemException(ProblemType.EVENT_NOT_FOUND, "no event " + eventId);
    }

    private static ProblemException saleNotOpen() {
        return new ProblemException(ProblemType.SALE_NOT_OPEN, "the sale of this event is not open");
    }

    /** What was asked and, where the gate said, the event's limit. */
    private static ProblemException limitExceeded(int asked, Integer maxPerOrder) {
        return new ProblemException(
                ProblemType.LIMIT_EXCEEDED,
                "asked for " + asked + " seats, more than this event allows in one order"
                        + (maxPerOrder == null ? "" : " (at most " + maxPerOrder + ")")
                        + "; ask for fewer");
    }

    /**
     * The session's live order by its id, and the two ways to end it. The gate learns that an order ended (cancelled,
     * expired, its payment failed) from booking through Kafka, a second or so after the buyer did: a hold asked for
     * right after a 204 cancel meets the order still live here, so the answer says so and when to ask again.
     */
    private static ProblemException orderAlreadyLive(UUID liveOrder) {
        String justEnded =
                "; if it has just ended, the sale learns it within a few seconds: try again after Retry-After";
        if (liveOrder == null) {
            return new ProblemException(
                            ProblemType.ORDER_ALREADY_LIVE,
                            "this session already holds an order for this event; pay or cancel it first" + justEnded)
                    .retryAfter(ORDER_ENDING.toSeconds());
        }
        return new ProblemException(
                        ProblemType.ORDER_ALREADY_LIVE,
                        "this session already holds order " + liveOrder + " for this event; pay it (POST /api/orders/"
                                + liveOrder + "/payments) or cancel it (DELETE /api/orders/" + liveOrder + ") first"
                                + justEnded)
                .retryAfter(ORDER_ENDING.toSeconds());
    }

    /**
     * No seat free, or fewer than asked for. Nothing free and nothing held is sold out for good. Otherwise the held
     * seats may come back, and the buyer is told when to try again ({@code onsale.holds.sold-out-retry-after})
     * instead of asking again at once, which under a sale's crowd was most of the holds traffic. Seats free but fewer
     * than asked for is not "sold out": the answer says how many are, so that the buyer can ask for those. When no
     * seat is free the answer carries {@link GateHeaders#AVAILABLE}, for the gateway's sold-out edge.
     */
    private static ProblemException soldOut(HoldAnswer.SoldOut soldOut, int asked, Duration retryAfter) {
        ProblemException problem = soldOutProblem(soldOut, asked, retryAfter);
        return soldOut.available() == 0 ? problem.withHeader(GateHeaders.AVAILABLE, "0") : problem;
    }

    private static ProblemException soldOutProblem(HoldAnswer.SoldOut soldOut, int asked, Duration retryAfter) {
        if (soldOut.available() == 0 && soldOut.liveHolds() == 0) {
            return new ProblemException(ProblemType.SOLD_OUT, "every seat of this event is sold; none can come back");
        }
        ProblemType type = soldOut.available() == 0 ? ProblemType.SOLD_OUT : ProblemType.NOT_ENOUGH_SEATS;
        String free = soldOut.available() == 0
                ? "no seat is free right now"
                : "only " + seats(soldOut.available()) + " free, fewer than the " + asked
                        + " asked for; ask for at most " + soldOut.available();
        if (soldOut.liveHolds() == 0) {
            return new ProblemException(type, free);
        }
        return new ProblemException(
                        type,
                        free + "; " + seats(soldOut.liveHolds()) + " held by buyers who may not pay come back if"
                                + " they do not: try again after Retry-After")
                .retryAfter(retryAfter.toSeconds());
    }

    /** The database had fewer free seats than the gate thought: some may come back, as for a sale sold out now. */
    private static ProblemException soldOutAtAllocation(Duration retryAfter) {
        return new ProblemException(
                        ProblemType.SOLD_OUT,
                        "no seat is free right now; seats of holds that end come back: try again after Retry-After")
                .retryAfter(retryAfter.toSeconds());
    }

    private static String seats(long count) {
        return count == 1 ? "1 seat is" : count + " seats are";
    }

    /** The chosen seats another order has, by name where booking named them. */
    private static ProblemException seatUnavailable(List<String> taken, UUID eventId) {
        String which =
                taken.isEmpty() ? "a chosen seat is" : String.join(", ", taken) + (taken.size() == 1 ? " is" : " are");
        return new ProblemException(
                ProblemType.SEAT_UNAVAILABLE,
                which + " held or sold; nothing was held: choose other seats (GET /api/events/" + eventId + "/seats)");
    }

    /** A 400 naming each chosen seat id the event does not have, by its place in {@code seatIds}. */
    private static ProblemException unknownSeats(List<String> chosen, List<String> unknown, UUID eventId) {
        String listed = "; GET /api/events/" + eventId + "/seats lists its seats";
        if (unknown.isEmpty()) {
            return ProblemException.invalidRequest(
                    List.of(new FieldError("seatIds", "names a seat this event does not have" + listed)));
        }
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < chosen.size(); i++) {
            if (unknown.contains(chosen.get(i))) {
                errors.add(
                        new FieldError("seatIds[" + i + "]", chosen.get(i) + " is not a seat of this event" + listed));
            }
        }
        return ProblemException.invalidRequest(errors);
    }

    /** Seats chosen at a general-admission event. */
    private static ProblemException notSeated() {
        return ProblemException.invalidRequest(List.of(new FieldError(
                "seatIds",
                "this event is general admission: its seats are not chosen; send {\"quantity\": n} instead")));
    }

    private static ProblemException unavailable(Duration retryAfter) {
        return new ProblemException(
                        ProblemType.SERVICE_UNAVAILABLE,
                        "the allocation did not answer in time; nothing is held, try again shortly")
                .retryAfter(retryAfter.toSeconds());
    }
}
