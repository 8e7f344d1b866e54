package dev.onsale.platform.web;

import dev.onsale.common.problem.ProblemType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;

/**
 * A refusal the caller can act on, rendered as {@code application/problem+json} with
 * {@code type = /problems/<slug>}, the catalog's title and status. Throw it from domain or web code; nothing else is
 * needed. It carries no stack trace: it is an answer to the caller, never logged as a failure, and under a burst a
 * service throws thousands a second (every hold refused sold-out is one), each from a virtual thread's deep stack.
 */
public class ProblemException extends RuntimeException {

    private final ProblemType type;
    private final List<FieldError> errors;
    private final Long retryAfterSeconds;
    private final Map<String, String> headers;

    public ProblemException(ProblemType type, String detail) {
        this(type, detail, List.of(), null, Map.of());
    }

    private ProblemException(
            ProblemType type,
            String detail,
            List<FieldError> errors,
            Long retryAfterSeconds,
            Map<String, String> headers) {
        super(detail, null, false, false);
        this.type = type;
        this.errors = List.copyOf(errors);
        this.retryAfterSeconds = retryAfterSeconds;
        this.headers = headers;
    }

    /** 400 {@code invalid-request} listing every invalid field. */
    public static ProblemException invalidRequest(List<FieldError> errors) {
        String detail = errors.size() == 1
                ? errors.getFirst().field() + ": " + errors.getFirst().message()
                : errors.size() + " fields are invalid";
        return new ProblemException(ProblemType.INVALID_REQUEST, detail, errors, null, Map.of());
    }

    /** The same problem, telling the client when to try again (429 and 503 must). */
    public ProblemException retryAfter(long seconds) {
        return new ProblemException(type, getMessage(), errors, seconds, headers);
    }

    /** The same problem with one more response header (one the gateway reads, such as the gate's counter). */
    public ProblemException withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ProblemException(type, getMessage(), errors, retryAfterSeconds, Map.copyOf(more));
    }

    public ProblemType type() {
        return type;
    }

    public HttpStatus status() {
        return HttpStatus.valueOf(type.status());
    }

    public String slug() {
        return type.slug();
    }

    public String title() {
        return type.title();
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** Further response headers, by name. */
    public Map<String, String> headers() {
        return headers;
    }

    /** Seconds for {@code Retry-After}, or null. */
    public Long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
