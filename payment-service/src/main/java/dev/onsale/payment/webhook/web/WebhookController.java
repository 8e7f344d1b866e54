package dev.onsale.payment.webhook.web;

import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.payment.webhook.WebhookReceiver;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /webhooks/payments}: the provider's signed callback. The body is taken from the request stream as
 * raw bytes — no converter, no charset, no form decoding — because the signature covers exactly those bytes.
 * Any content type is accepted; no session or role is needed (the signature is the authentication).
 */
@RestController
class WebhookController {

    static final String SIGNATURE_HEADER = "Onsale-Signature";

    private final WebhookReceiver receiver;

    WebhookController(WebhookReceiver receiver) {
        this.receiver = receiver;
    }

    @Answers(
            problems = {
                ProblemType.WEBHOOK_SIGNATURE_INVALID,
                ProblemType.WEBHOOK_TIMESTAMP_STALE,
                ProblemType.PAYLOAD_TOO_LARGE
            })
    @Operation(
            requestBody =
                    @RequestBody(
                            required = true,
                            description = "the provider's event, signed byte for byte; any content type",
                            content =
                                    @Content(
                                            mediaType = "application/json",
                                            schema = @Schema(implementation = ProviderEventBody.class))))
    @PostMapping("/webhooks/payments")
    Acknowledgement receive(
            @RequestHeader(name = SIGNATURE_HEADER, required = false) String signature, HttpServletRequest request)
            throws IOException {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(receiver.maxBodyBytes() + 1);
        }
        return new Acknowledgement(receiver.receive(signature, body).tag());
    }

    /**
     * The provider's event as the contract documents it. Only the document uses this record: the receiver reads
     * the signed bytes itself, tolerant of fields it does not use.
     */
    record ProviderEventBody(
            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    maxLength = 255,
                    description = "the event's id: a repeat is a duplicate")
            String id,

            @Schema(requiredMode = Schema.RequiredMode.REQUIRED, example = "charge.succeeded")
            String type,

            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    description = "when the provider created it, in Unix seconds")
            long created,

            @Schema(
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    description = "the charge or the refund the event is about")
            Map<String, Object> data) {}

    /** The 200's body: what became of the delivery (accepted, duplicate, ignored, unknown_payment). */
    record Acknowledgement(String result) {}
}
