package dev.onsale.booking.payment.web;

import dev.onsale.booking.payment.PaymentRequest;
import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads {@code {"paymentMethod": "tok_..."}} with the service's strict JSON settings: an unknown field, a wrong
 * type, a missing or malformed token is a 400 {@code invalid-request} naming the field. Call it only on a body
 * {@link CardNumbers} let through, so no message built here can carry card digits.
 */
@Component
class PaymentBodies {

    private final JsonMapper json;

    PaymentBodies(JsonMapper json) {
        this.json = json;
    }

    String paymentMethod(byte[] body) {
        if (body == null || body.length == 0) {
            throw invalid("body", "is missing or not valid JSON");
        }
        PaymentBody parsed;
        try {
            parsed = json.readValue(body, PaymentBody.class);
        } catch (JacksonException e) {
            throw invalid(e);
        }
        if (parsed == null || parsed.paymentMethod() == null) {
            throw invalid("paymentMethod", "is required");
        }
        if (!PaymentRequest.TOKEN.matcher(parsed.paymentMethod()).matches()) {
            throw invalid("paymentMethod", "must be a payment-method token: tok_ and 1 to 64 letters, digits or _");
        }
        return parsed.paymentMethod();
    }

    private static ProblemException invalid(JacksonException e) {
        String field = e.getPath().stream()
                .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
                .reduce((a, b) -> b.startsWith("[") ? a + b : a + "." + b)
                .orElse("");
        return switch (e) {
            case UnrecognizedPropertyException unknown -> invalid(field, "is not a known field");
            case MismatchedInputException mismatched
            when !field.isEmpty() -> invalid(field, "is missing or has the wrong type");
            case MismatchedInputException mismatched ->
                invalid("body", "must be a JSON object of the documented shape");
            default -> invalid("body", "is not valid JSON");
        };
    }

    private static ProblemException invalid(String field, String message) {
        return ProblemException.invalidRequest(List.of(new FieldError(field, message)));
    }

    /** The body of {@code POST /api/orders/{orderId}/payments}, as the contract documents it. */
    record PaymentBody(
            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    pattern = PaymentRequest.TOKEN_PATTERN,
                    example = "tok_visa",
                    description = "the provider's token for the buyer's payment method; card numbers are refused")
            String paymentMethod) {}
}
