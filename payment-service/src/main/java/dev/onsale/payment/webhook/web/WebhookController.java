package dev.onsale.payment.webhook.web;

import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.payment.webhook.WebhookReceiver;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
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

    /** The 200's body: what became of the delivery (accepted, duplicate, ignored, unknown_payment). */
    record Acknowledgement(String result) {}
}
