package dev.onsale.common.problem;

import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The one catalog of Onsale's problems: every slug the gateway or a service may answer. {@code type} of a problem
 * is {@code /problems/<slug>}; the gateway serves the explanation below at that address. {@link #status} is the
 * HTTP status the contract pairs with the slug, and {@link #title} the problem's title wherever it is answered.
 * Framework-free, so that the gateway (WebFlux) and the services (MVC) render the same entries; a problem that is
 * not listed here cannot be answered (the exceptions take an entry, and a build test looks for slugs written out
 * in code).
 */
public enum ProblemType {

    // Produced by the gateway itself.
    INVALID_REQUEST(
            "invalid-request",
            400,
            "Invalid request",
            "The request could not be accepted as sent: malformed JSON, a wrong type, a missing required field, an "
                    + "unknown one, a seat id that is not one of the event's, or seats chosen at a general-admission "
                    + "event. The response's errors list names each field. Fix the request before retrying."),
    UNAUTHORIZED(
            "unauthorized",
            401,
            "Unauthorized",
            "The call needs credentials that were missing, invalid or expired. Buyers send "
                    + "Authorization: Bearer <sessionToken> (create one with POST /api/sessions); operators and "
                    + "auditors send their token."),
    FORBIDDEN(
            "forbidden",
            403,
            "Forbidden",
            "The credentials are valid but of the wrong kind for this call, e.g. a buyer session on an operator "
                    + "endpoint or an auditor token on an admin one."),
    NOT_FOUND(
            "not-found",
            404,
            "Not found",
            "Nothing lives at this address, or the resource belongs to someone else. Ids that do not parse are "
                    + "not found either."),
    METHOD_NOT_ALLOWED(
            "method-not-allowed",
            405,
            "Method not allowed",
            "The address exists but does not accept this HTTP method; the Allow header lists the ones it does."),
    PAYLOAD_TOO_LARGE(
            "payload-too-large",
            413,
            "Payload too large",
            "The request body is larger than the gateway accepts. Onsale's requests are small JSON documents."),
    RATE_LIMITED(
            "rate-limited",
            429,
            "Too many requests",
            "This session or client address sent requests faster than allowed (per session 20 in a burst, 10 per "
                    + "second sustained). Wait for the seconds given in Retry-After, then continue."),
    SERVICE_UNAVAILABLE(
            "service-unavailable",
            503,
            "Service unavailable",
            "A part of Onsale did not answer in time. Nothing was changed by the failed call unless its own "
                    + "response says so. Retry after the seconds given in Retry-After."),
    ADMISSION_REQUIRED(
            "admission-required",
            403,
            "Admission required",
            "Holding seats needs a valid X-Admission-Token from the waiting room, issued to this session for this "
                    + "event. Poll GET /api/queue/{eventId}/status until you are ADMITTED; the token serves until it "
                    + "expires."),
    SALE_HALTED(
            "sale-halted",
            503,
            "Sale halted",
            "The organiser stopped this sale. Nobody joins or moves in the waiting room and no new holds are "
                    + "accepted for the event until the sale resumes; nothing was taken by the refused call. "
                    + "Retry after the seconds given in Retry-After."),

    // Produced by the services behind the gateway; listed so that every type resolves to a page.
    EVENT_NOT_FOUND("event-not-found", 404, "Event not found", "There is no event with this id."),
    NOT_IN_QUEUE(
            "not-in-queue",
            404,
            "Not in queue",
            "This session has not joined the waiting room of this event. Join it with POST /api/queue/{eventId}/join."),
    SOLD_OUT(
            "sold-out",
            409,
            "Sold out",
            "No seat of this event is free: every one is sold or held. Seats of holds that expire or are cancelled come back; the "
                    + "waiting room says SOLD_OUT once nothing can come back."),
    NOT_ENOUGH_SEATS(
            "not-enough-seats",
            409,
            "Not enough seats",
            "Fewer seats are free than the order asks for; the detail says how many are. Ask for at most that many, "
                    + "or try again after Retry-After when held seats may still come back."),
    SEAT_UNAVAILABLE(
            "seat-unavailable",
            409,
            "Seat unavailable",
            "At least one of the chosen seats is held or sold already; the detail names them. Nothing was held; "
                    + "choose other seats."),
    ORDER_ALREADY_LIVE(
            "order-already-live",
            409,
            "Order already live",
            "This session already has a live order for the event. Pay for it or cancel it before holding again."),
    LIMIT_EXCEEDED(
            "limit-exceeded",
            422,
            "Limit exceeded",
            "The order asks for more seats than the event's maxPerOrder allows."),
    HOLD_ENDED(
            "hold-ended",
            409,
            "Hold ended",
            "The hold this Idempotency-Key made has ended since (paid, cancelled, expired or its payment failed). "
                    + "Look the order up, and use a new key for a new hold."),
    IDEMPOTENCY_KEY_MISSING(
            "idempotency-key-missing",
            400,
            "Idempotency key missing",
            "Payments need an Idempotency-Key header, so that a retried request cannot charge twice."),
    IDEMPOTENCY_KEY_REUSED(
            "idempotency-key-reused",
            422,
            "Idempotency key reused",
            "This Idempotency-Key was already used with a different body. Use a new key for a new request."),
    ORDER_NOT_PAYABLE(
            "order-not-payable",
            409,
            "Order not payable",
            "The order is not in a state that can be paid, e.g. it expired, was cancelled or is paid already."),
    ORDER_NOT_CANCELLABLE(
            "order-not-cancellable",
            409,
            "Order not cancellable",
            "Only a HELD order can be cancelled; this one is being paid, is confirmed or is final."),
    ORDER_NOT_FOUND(
            "order-not-found",
            404,
            "Order not found",
            "There is no order with this id for this session. An order is visible only to the session that holds it."),
    SALE_NOT_OPEN(
            "sale-not-open",
            409,
            "Sale not open",
            "The sale of this event is not open for holds: it has not opened yet, is paused, or has closed. The "
                    + "event's saleState says which; the waiting room tells buyers when it opens."),
    SALE_STATE_CONFLICT(
            "sale-state-conflict",
            409,
            "Sale state conflict",
            "The sale cannot make this move from its current state (e.g. resume a sale that is not paused). The "
                    + "detail names both; read the event's saleState and choose the action that applies."),
    RECONCILIATION_RUNNING(
            "reconciliation-running",
            409,
            "Reconciliation running",
            "A reconciliation run is under way; a second one is not started. Its report appears in "
                    + "/audit/reconciliation/reports; retry after the seconds given in Retry-After."),
    REPORT_NOT_FOUND("report-not-found", 404, "Report not found", "There is no reconciliation report with this id."),
    WEBHOOK_SIGNATURE_INVALID(
            "webhook-signature-invalid",
            400,
            "Webhook signature invalid",
            "The provider callback's Onsale-Signature is missing, garbled or matches none of the webhook secrets."),
    WEBHOOK_TIMESTAMP_STALE(
            "webhook-timestamp-stale",
            400,
            "Webhook timestamp stale",
            "The provider callback was signed more than the tolerance (300 s) away from now; it is refused."),
    UNSUPPORTED_MEDIA_TYPE(
            "unsupported-media-type",
            415,
            "Unsupported media type",
            "The request body must be JSON (Content-Type: application/json)."),
    NOT_ACCEPTABLE(
            "not-acceptable",
            406,
            "Not acceptable",
            "The Accept header asks for a representation this endpoint cannot produce."),
    REQUEST_REFUSED(
            "request-refused",
            400,
            "Request refused",
            "The request was refused for a reason given in the problem's detail."),
    INTERNAL_ERROR(
            "internal-error",
            500,
            "Internal error",
            "A service failed unexpectedly. The gateway shows buyers such failures as service-unavailable.");

    private static final Map<String, ProblemType> BY_SLUG =
            Arrays.stream(values()).collect(Collectors.toUnmodifiableMap(ProblemType::slug, Function.identity()));

    private final String slug;
    private final int status;
    private final String title;
    private final String explanation;

    ProblemType(String slug, int status, String title, String explanation) {
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

    /** The HTTP status code. */
    public int status() {
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
