package dev.onsale.platform.web;

import java.util.List;
import org.springframework.http.HttpStatus;

/**
 * A refusal the caller can act on, rendered as {@code application/problem+json} with
 * {@code type = /problems/<slug>}. Throw it from domain or web code; nothing else is needed.
 */
public class ProblemException extends RuntimeException {

    private final HttpStatus status;
    private final String slug;
    private final String title;
    private final List<FieldError> errors;
    private final Long retryAfterSeconds;

    public ProblemException(HttpStatus status, String slug, String title, String detail) {
        this(status, slug, title, detail, List.of(), null);
    }

    private ProblemException(HttpStatus status, String slug, String title, String detail, List<FieldError> errors,
            Long retryAfterSeconds) {
        super(detail);
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.errors = List.copyOf(errors);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** 400 {@code invalid-request} listing every invalid field. */
    public static ProblemException invalidRequest(List<FieldError> errors) {
        String detail = errors.size() == 1
                ? errors.getFirst().field() + ": " + errors.getFirst().message()
                : errors.size() + " fields are invalid";
        return new ProblemException(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request", detail, errors, null);
    }

    /** 404 under {@code slug} (e.g. {@code event-not-found}). */
    public static ProblemException notFound(String slug, String detail) {
        return new ProblemException(HttpStatus.NOT_FOUND, slug, "Not found", detail);
    }

    /** The same problem, telling the client when to try again (429 and 503 must). */
    public ProblemException retryAfter(long seconds) {
        return new ProblemException(status, slug, title, getMessage(), errors, seconds);
    }

    public HttpStatus status() {
        return status;
    }

    public String slug() {
        return slug;
    }

    public String title() {
        return title;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** Seconds for {@code Retry-After}, or null. */
    public Long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
