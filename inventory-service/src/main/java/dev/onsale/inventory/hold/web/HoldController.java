package dev.onsale.inventory.hold.web;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.inventory.hold.HoldAnswer;
import dev.onsale.inventory.hold.HoldPlacement;
import dev.onsale.inventory.hold.HoldRequest;
import dev.onsale.inventory.hold.HoldsProperties;
import dev.onsale.platform.identity.Buyer;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/events/{eventId}/holds}. Checked in this order: session (401), admission (403),
 * body and Idempotency-Key (400); then the gate answers. Runs on a virtual thread, which parks while
 * the request waits for its allocation reply.
 */
@RestController
class HoldController {

    private final HoldPlacement placement;
    private final HoldsProperties properties;

    HoldController(HoldPlacement placement, HoldsProperties properties) {
        this.placement = placement;
        this.properties = properties;
    }

    @Answers(
            value = 201,
            problems = {
                ProblemType.ADMISSION_REQUIRED,
                ProblemType.EVENT_NOT_FOUND,
                ProblemType.SOLD_OUT,
                ProblemType.NOT_ENOUGH_SEATS,
                ProblemType.SEAT_UNAVAILABLE,
                ProblemType.ORDER_ALREADY_LIVE,
                ProblemType.SALE_NOT_OPEN,
                ProblemType.HOLD_ENDED,
                ProblemType.LIMIT_EXCEEDED,
                ProblemType.IDEMPOTENCY_KEY_REUSED,
                ProblemType.SERVICE_UNAVAILABLE
            })
    @PostMapping("/api/events/{eventId}/holds")
    ResponseEntity<HoldResponse> hold(
            @PathVariable UUID eventId,
            Buyer buyer,
            Admission admission,
            @RequestBody HoldBody body,
            @RequestHeader(name = HoldBodyValidation.IDEMPOTENCY_KEY, required = false) String idempotencyKey,
            @RequestHeader(name = IdentityHeaders.DEADLINE, required = false) String deadline) {
        HoldRequest request = HoldBodyValidation.validate(eventId, buyer.sessionId(), body, idempotencyKey);
        HoldAnswer answer = placement.hold(request, answerBy(deadline));
        if (answer instanceof HoldAnswer.Held held) {
            return ResponseEntity.status(HttpStatus.CREATED)
                    .location(URI.create("/api/orders/" + held.orderId()))
                    .body(HoldResponse.of(held));
        }
        throw HoldProblems.of(answer, request, properties);
    }

    /** The gateway's deadline; only the gateway sets the header (it strips every client-sent X-Onsale-*). */
    private static Optional<Instant> answerBy(String deadline) {
        if (deadline == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.ofEpochMilli(Long.parseLong(deadline.trim())));
        } catch (NumberFormatException e) {
            throw new IllegalStateException(IdentityHeaders.DEADLINE + " is not epoch milliseconds: " + deadline, e);
        }
    }
}
