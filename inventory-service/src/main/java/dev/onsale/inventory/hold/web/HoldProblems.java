package dev.onsale.inventory.hold.web;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.inventory.hold.HoldAnswer;
import dev.onsale.inventory.hold.OrderRecord;
import dev.onsale.platform.web.ProblemException;
import java.time.Duration;
import java.util.UUID;

/** The problem a refused or unanswered hold request is answered with (API.md, holds row). */
final class HoldProblems {

    private HoldProblems() {}

    static ProblemException of(HoldAnswer answer, UUID eventId, Duration retryAfter) {
        return switch (answer) {
            case HoldAnswer.RefusedAtGate gate ->
                switch (gate.reason()) {
                    case EVENT_NOT_FOUND -> eventNotFound(eventId);
                    case SALE_NOT_OPEN -> saleNotOpen();
                    case LIMIT_EXCEEDED -> limitExceeded();
                    case ORDER_ALREADY_LIVE ->
                        new ProblemException(
                                ProblemType.ORDER_ALREADY_LIVE,
                                "this session already holds an order for the event; pay or cancel it first");
                    case SOLD_OUT -> soldOut();
                    case SEAT_UNAVAILABLE -> seatUnavailable();
                };
            case HoldAnswer.RefusedByAllocation allocation ->
                switch (allocation.reason()) {
                    case SEAT_UNAVAILABLE -> seatUnavailable();
                    case SOLD_OUT -> soldOut();
                    case EVENT_NOT_FOUND -> eventNotFound(eventId);
                    case SALE_NOT_OPEN -> saleNotOpen();
                    case LIMIT_EXCEEDED -> limitExceeded();
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

    private static ProblemException limitExceeded() {
        return new ProblemException(ProblemType.LIMIT_EXCEEDED, "more seats than this event allows per order");
    }

    private static ProblemException soldOut() {
        return new ProblemException(
                ProblemType.SOLD_OUT, "no seats are left right now; seats of holds that end come back");
    }

    private static ProblemException seatUnavailable() {
        return new ProblemException(ProblemType.SEAT_UNAVAILABLE, "a chosen seat is held or sold; choose another");
    }

    private static ProblemException unavailable(Duration retryAfter) {
        return new ProblemException(
                        ProblemType.SERVICE_UNAVAILABLE,
                        "the allocation did not answer in time; nothing is held, try again shortly")
                .retryAfter(retryAfter.toSeconds());
    }
}
