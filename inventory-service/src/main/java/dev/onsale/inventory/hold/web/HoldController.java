package dev.onsale.inventory.hold.web;

import dev.onsale.inventory.hold.HoldAnswer;
import dev.onsale.inventory.hold.HoldPlacement;
import dev.onsale.inventory.hold.HoldsProperties;
import dev.onsale.platform.identity.Buyer;
import java.net.URI;
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

    @PostMapping("/api/events/{eventId}/holds")
    ResponseEntity<HoldResponse> hold(@PathVariable UUID eventId, Buyer buyer, Admission admission,
            @RequestBody HoldBody body,
            @RequestHeader(name = HoldBodyValidation.IDEMPOTENCY_KEY, required = false) String idempotencyKey) {
        HoldAnswer answer = placement.hold(
                HoldBodyValidation.validate(eventId, buyer.sessionId(), body, idempotencyKey));
        if (answer instanceof HoldAnswer.Held held) {
            return ResponseEntity.status(HttpStatus.CREATED).location(URI.create("/api/orders/" + held.orderId()))
                    .body(HoldResponse.of(held));
        }
        throw HoldProblems.of(answer, eventId, properties.retryAfter());
    }
}
