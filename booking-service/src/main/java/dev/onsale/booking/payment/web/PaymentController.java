package dev.onsale.booking.payment.web;

import dev.onsale.booking.payment.PaymentAnswer;
import dev.onsale.booking.payment.PaymentRequest;
import dev.onsale.booking.payment.PaymentRequests;
import dev.onsale.booking.payment.PaymentRequests.Outcome;
import dev.onsale.booking.payment.PaymentState;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Buyer;
import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/orders/{orderId}/payments} (API.md). Checks in this order, each refusal writing nothing: 401
 * without a session (the {@link Buyer} parameter); 400 {@code invalid-request} for a body carrying anything like a
 * card number (before anything else reads it; the digits are never echoed or logged); 400
 * {@code idempotency-key-missing}; 400 {@code invalid-request} for any other bad body; then the key's record
 * (a repeat: 202 with the payment as it is now; or 422 {@code idempotency-key-reused}) before the order (404
 * {@code order-not-found}, 409 {@code order-not-payable}).
 */
@RestController
class PaymentController {

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private static final Logger log = LoggerFactory.getLogger(PaymentController.class);
    /** 1 to 255 visible ASCII characters (IETF Idempotency-Key draft: a string; this is the length we keep). */
    private static final Pattern KEY = Pattern.compile("^[!-~]{1,255}$");

    private final PaymentRequests payments;
    private final PaymentBodies bodies;

    PaymentController(PaymentRequests payments, PaymentBodies bodies) {
        this.payments = payments;
        this.bodies = bodies;
    }

    @Answers(
            value = 202,
            problems = {
                ProblemType.IDEMPOTENCY_KEY_MISSING,
                ProblemType.ORDER_NOT_FOUND,
                ProblemType.ORDER_NOT_PAYABLE,
                ProblemType.IDEMPOTENCY_KEY_REUSED
            })
    // the body is written as the JSON the answer holds (a String); documented as the payment it describes
    @ApiResponse(
            responseCode = "202",
            description = "the payment and its status now: the first answer, and every repeat of its request",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON_VALUE,
                            schema = @Schema(implementation = PaymentState.class)))
    @PostMapping(path = "/api/orders/{orderId}/payments", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<String> pay(
            Buyer buyer,
            @PathVariable String orderId,
            @RequestHeader(name = IDEMPOTENCY_KEY, required = false) String key,
            // read as bytes, so a card number is refused before anything parses or logs it; documented as parsed
            @RequestBody(required = false)
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            required = true,
                            content = @Content(schema = @Schema(implementation = PaymentBodies.PaymentBody.class)))
                    byte[] body) {
        CardNumbers.fieldCarryingOne(body).ifPresent(field -> {
            log.warn(
                    "Refused a payment request whose {} looks like a card number (session {})",
                    field,
                    buyer.sessionId());
            throw ProblemException.invalidRequest(List.of(
                    new FieldError(field, "looks like a card number; send a payment-method token (tok_...) instead")));
        });
        requireKey(key);
        String paymentMethod = bodies.paymentMethod(body);
        UUID id = orderId(orderId);
        Outcome outcome = payments.request(buyer.sessionId(), key, new PaymentRequest(id, paymentMethod));
        return switch (outcome) {
            case Outcome.Accepted accepted -> answer(accepted.answer());
            case Outcome.Replayed replayed -> answer(replayed.answer());
            case Outcome.KeyReused reused ->
                throw new ProblemException(
                        ProblemType.IDEMPOTENCY_KEY_REUSED,
                        "this Idempotency-Key was used for another request; use a new key for a new request");
            case Outcome.OrderNotFound notFound -> throw notFound("no order " + id);
            case Outcome.OrderNotPayable notPayable ->
                throw new ProblemException(
                        ProblemType.ORDER_NOT_PAYABLE, "order " + id + " cannot be paid: " + notPayable.reason());
        };
    }

    private static ResponseEntity<String> answer(PaymentAnswer answer) {
        return ResponseEntity.status(answer.status())
                .contentType(MediaType.APPLICATION_JSON)
                .body(answer.body());
    }

    private static void requireKey(String key) {
        if (key == null || !KEY.matcher(key).matches()) {
            throw new ProblemException(
                    ProblemType.IDEMPOTENCY_KEY_MISSING,
                    "send an Idempotency-Key header of 1 to 255 visible ASCII characters, new for each payment");
        }
        if (CardNumbers.inIdempotencyKey(key)) {
            throw ProblemException.invalidRequest(List.of(
                    new FieldError(IDEMPOTENCY_KEY, "looks like a card number; use a random key such as a UUID")));
        }
    }

    private static UUID orderId(String orderId) {
        try {
            return UUID.fromString(orderId);
        } catch (IllegalArgumentException e) {
            // Not echoed: whatever the path carries (digits included) stays out of the answer.
            throw notFound("no order with this id");
        }
    }

    private static ProblemException notFound(String detail) {
        return new ProblemException(ProblemType.ORDER_NOT_FOUND, detail);
    }
}
