package dev.onsale.gateway.problem;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;

/**
 * Every problem slug of the public contract. {@code type} of a problem is {@code /problems/<slug>}; the
 * gateway serves the explanation below at that address. {@link #status} is the status the contract
 * pairs with the slug; the gateway itself answers only the first group.
 */
public enum ProblemType {

    // Produced by the gateway itself.
    INVALID_REQUEST("invalid-request", HttpStatus.BAD_REQUEST, "Invalid request",
            "The request could not be accepted as sent: malformed JSON, a wrong type, a missing required field or "
                    + "an unknown one. The response's errors list names each field. Fix the request before retrying."),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED, "Unauthorized",
            "The call needs credentials that were missing, invalid or expired. Buyers send "
                    + "Authorization: Bearer <sessionToken> (create one with POST /api/sessions); operators and "
                    + "auditors send their token."),
    FORBIDDEN("forbidden", HttpStatus.FORBIDDEN, "Forbidden",
            "The credentials are valid but of the wrong kind for this call, e.g. a buyer session on an operator "
                    + "endpoint or an auditor token on an admin one."),
    NOT_FOUND("not-found", HttpStatus.NOT_FOUND, "Not found",
            "Nothing lives at this address, or the resource belongs to someone else. Ids that do not parse are "
                    + "not found either."),
    METHOD_NOT_ALLOWED("method-not-allowed", HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed",
            "The address exists but does not accept this HTTP method; the Allow header lists the ones it does."),
    PAYLOAD_TOO_LARGE("payload-too-large", HttpStatus.CONTENT_TOO_LARGE, "Payload too large",
            "The request body is larger than the gateway accepts. Onsale's requests are small JSON documents."),
    RATE_LIMITED("rate-limited", HttpStatus.TOO_MANY_REQUESTS, "Too many requests",
            "This session or client address sent requests faster than allowed (per session 20 in a burst, 10 per "
                    + "second sustained). Wait for the seconds given in Retry-After, then continue."),
    SERVICE_UNAVAILABLE("service-unavailable", HttpStatus.SERVICE_UNAVAILABLE, "Service unavailable",
            "A part of Onsale did not answer in time. Nothing was changed by the failed call unless its own "
                    + "response says so. Retry after the seconds given in Retry-After."),
    ADMISSION_REQUIRED("admission-required", HttpStatus.FORBIDDEN, "Admission required",
            "Holding seats needs a valid X-Admission-Token from the waiting room, issued to this session for this "
                    + "event. Poll GET /api/queue/{eventId}/status until you are ADMITTED; the token serves until it "
                    + "expires."),
    SALE_HALTED("sale-halted", HttpStatus.SERVICE_UNAVAILABLE, "Sale halted",
            "The organiser stopped this sale. Nobody joins or moves in the waiting room and no new holds are "
                    + "accepted for the event until the sale resumes; nothing was taken by the refused call. "
                    + "Retry after the seconds given in Retry-After."),

    // Produced by the services behind the gateway; listed so that every type resolves to a page.
    EVENT_NOT_FOUND("event-not-found", HttpStatus.NOT_FOUND, "Event not found",
            "There is no event with this id."),
    NOT_IN_QUEUE("not-in-queue", HttpStatus.NOT_FOUND, "Not in queue",
            "This session has not joined the waiting room of this event. Join it with POST /api/queue/{eventId}/join."),
    SOLD_OUT("sold-out", HttpStatus.CONFLICT, "Sold out",
            "Every seat of this event is sold or held. Seats of holds that expire or are cancelled come back; the "
                    + "waiting room says SOLD_OUT once nothing can come back."),
    SEAT_UNAVAILABLE("seat-unavailable", HttpStatus.CONFLICT, "Seat unavailable",
            "At least one of the requested seats is held or sold already. Nothing was held; choose other seats."),
    ORDER_ALREADY_LIVE("order-already-live", HttpStatus.CONFLICT, "Order already live",
            "This session already has a live order for the event. Pay for it or cancel it before holding again."),
    LIMIT_EXCEEDED("limit-exceeded", HttpStatus.UNPROCESSABLE_CONTENT, "Limit exceeded",
            "The order asks for more seats than the event's maxPerOrder allows."),
    HOLD_ENDED("hold-ended", HttpStatus.CONFLICT, "Hold ended",
            "The hold this Idempotency-Key made has ended since (paid, cancelled, expired or its payment failed). "
                    + "Look the order up, and use a new key for a new hold."),
    IDEMPOTENCY_KEY_MISSING("idempotency-key-missing", HttpStatus.BAD_REQUEST, "Idempotency key missing",
            "Payments need an Idempotency-Key header, so that a retried request cannot charge twice."),
    IDEMPOTENCY_KEY_REUSED("idempotency-key-reused", HttpStatus.UNPROCESSABLE_CONTENT, "Idempotency key reused",
            "This Idempotency-Key was already used with a different body. Use a new key for a new request."),
    ORDER_NOT_PAYABLE("order-not-payable", HttpStatus.CONFLICT, "Order not payable",
            "The order is not in a state that can be paid, e.g. it expired, was cancelled or is paid already."),
    ORDER_NOT_CANCELLABLE("order-not-cancellable", HttpStatus.CONFLICT, "Order not cancellable",
            "Only a HELD order can be cancelled; this one is being paid, is confirmed or is final."),
    WEBHOOK_SIGNATURE_INVALID("webhook-signature-invalid", HttpStatus.BAD_REQUEST, "Webhook signature invalid",
            "The provider callback's Onsale-Signature is missing, garbled or matches none of the webhook secrets."),
    WEBHOOK_TIMESTAMP_STALE("webhook-timestamp-stale", HttpStatus.BAD_REQUEST, "Webhook timestamp stale",
            "The provider callback was signed more than the tolerance (300 s) away from now; it is refused."),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type",
            "The request body must be JSON (Content-Type: application/json)."),
    NOT_ACCEPTABLE("not-acceptable", HttpStatus.NOT_ACCEPTABLE, "Not acceptable",
            "The Accept header asks for a representation this endpoint cannot produce."),
    REQUEST_REFUSED("request-refused", HttpStatus.BAD_REQUEST, "Request refused",
            "The request was refused for a reason given in the problem's detail."),
    INTERNAL_ERROR("internal-error", HttpStatus.INTERNAL_SERVER_ERROR, "Internal error",
            "A service failed unexpectedly. The gateway shows buyers such failures as service-unavailable.");

    private static final Map<String, ProblemType> BY_SLUG = Arrays.stream(values())
            .collect(Collectors.toUnmodifiableMap(ProblemType::slug, Function.identity()));

    private final String slug;
    private final HttpStatus status;
    private final String title;
    private final String explanation;

    ProblemType(String slug, HttpStatus status, String title, String explanation) {
        this.slug = slug;
        this.status = status;
        this.title = title;
        this.explanation = explanation;
    }

    public static Optional<ProblemType> bySlug(String slug) {
        return Optional.ofNullable(BY_SLUG.get(slug));
    }

    public String slug() {
        return slug;
    }

    public HttpStatus status() {
        return status;
    }

    public String title() {
        return title;
    }

    public String explanation() {
        return explanation;
    }

    /** The {@code type} member of a problem of this kind. */
    public String typeUri() {
        return "/problems/" + slug;
    }
}
