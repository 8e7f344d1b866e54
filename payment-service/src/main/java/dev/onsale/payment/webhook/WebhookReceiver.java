package dev.onsale.payment.webhook;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.payment.settlement.Applied;
import dev.onsale.payment.settlement.Settlement;
import dev.onsale.payment.webhook.ProviderEvent.ChargeObserved;
import dev.onsale.payment.webhook.ProviderEvent.Other;
import dev.onsale.payment.webhook.ProviderEvent.RefundObserved;
import dev.onsale.payment.webhook.ProviderEvents.MalformedEvent;
import dev.onsale.platform.web.ProblemException;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Takes one webhook delivery from the bytes that arrived to its effect. In this order: the size, the signature
 * (over exactly those bytes) and its timestamp, then the body — each refusal a 400 that writes nothing, and nothing
 * about an unverified body is read or logged. Then one transaction records the provider's event id and hands what
 * it says to {@link Settlement}: a duplicate id changes nothing, and a failure rolls both back (the provider
 * retries until it gets a 2xx). Logs carry event ids and types, never bodies or signatures.
 */
@Service
public class WebhookReceiver {

    private static final Logger log = LoggerFactory.getLogger(WebhookReceiver.class);

    private final SignatureVerifier verifier;
    private final WebhookEvents events;
    private final Settlement settlement;
    private final WebhookMetrics metrics;
    private final TransactionTemplate transaction;
    private final int maxBodyBytes;

    WebhookReceiver(
            WebhookProperties properties,
            WebhookEvents events,
            Settlement settlement,
            WebhookMetrics metrics,
            PlatformTransactionManager transactions) {
        this.verifier = new SignatureVerifier(properties.secrets(), properties.tolerance(), Clock.systemUTC());
        this.events = events;
        this.settlement = settlement;
        this.metrics = metrics;
        this.transaction = new TransactionTemplate(transactions);
        this.maxBodyBytes = (int) properties.maxBody().toBytes();
    }

    /** The largest body accepted; a caller reading the request need read at most one byte more. */
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    /**
     * Verifies and applies one delivery of {@code body} signed by {@code signature} (the header's value, null if
     * absent).
     *
     * @return what became of it: ACCEPTED, DUPLICATE, IGNORED or UNKNOWN_PAYMENT, all to be acknowledged
     * @throws ProblemException 400 for a bad signature, a stale timestamp or a malformed body, 413 for a body over
     *         {@link #maxBodyBytes()} — nothing written
     */
    public WebhookResult receive(String signature, byte[] body) {
        if (body.length > maxBodyBytes) {
            throw refused(
                    WebhookResult.MALFORMED,
                    new ProblemException(
                            ProblemType.PAYLOAD_TOO_LARGE, "A webhook body is at most " + maxBodyBytes + " bytes"));
        }
        switch (verifier.verify(signature, body)) {
            case GARBLED ->
                throw refused(
                        WebhookResult.SIGNATURE_INVALID,
                        signatureInvalid(
                                "Onsale-Signature is missing or is not t=<unix seconds>,v1=<64 hex digits>[,v1=...]"));
            case MISMATCH ->
                throw refused(
                        WebhookResult.SIGNATURE_INVALID,
                        signatureInvalid("No v1 value of Onsale-Signature is the signature of this body"));
            case STALE ->
                throw refused(
                        WebhookResult.STALE,
                        new ProblemException(
                                ProblemType.WEBHOOK_TIMESTAMP_STALE,
                                "The signature's timestamp is more than the tolerance away from now"));
            case VALID -> {}
        }
        ProviderEvent event;
        try {
            event = ProviderEvents.read(body);
        } catch (MalformedEvent malformed) {
            throw refused(WebhookResult.MALFORMED, ProblemException.invalidRequest(List.of(malformed.error())));
        }
        WebhookResult result = transaction.execute(status -> apply(event));
        metrics.count(result);
        log.info("Webhook event {} ({}): {}", event.id(), event.type(), result.tag());
        return result;
    }

    private WebhookResult apply(ProviderEvent event) {
        if (!events.firstReceipt(event.id(), event.type())) {
            return WebhookResult.DUPLICATE;
        }
        Applied applied = switch (event.observation()) {
            case ChargeObserved charge -> settlement.chargeObserved(charge.charge());
            case RefundObserved refund -> settlement.refundObserved(refund.refund());
            case Other other -> null;
        };
        if (applied == null) {
            return WebhookResult.IGNORED;
        }
        return applied == Applied.UNKNOWN ? WebhookResult.UNKNOWN_PAYMENT : WebhookResult.ACCEPTED;
    }

    private ProblemException refused(WebhookResult result, ProblemException problem) {
        metrics.count(result);
        log.warn("Webhook refused ({}): {}", result.tag(), problem.getMessage());
        return problem;
    }

    private static ProblemException signatureInvalid(String detail) {
        return new ProblemException(ProblemType.WEBHOOK_SIGNATURE_INVALID, detail);
    }
}
