package dev.onsale.platform.web;

import dev.onsale.common.problem.ProblemType;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/** Builds RFC 9457 responses in Onsale's shape: {@code type} is {@code /problems/<slug>}. */
public final class Problems {

    /** Where the gateway serves the page explaining each slug. */
    public static final String TYPE_PREFIX = "/problems/";

    private Problems() {}

    /**
     * A problem of {@code type} answered with {@code status}: the catalog's own, except where a container failure
     * of another status is answered under a generic entry.
     */
    public static ResponseEntity<ProblemDetail> response(
            HttpStatusCode status, ProblemType type, String detail, List<FieldError> errors, Long retryAfterSeconds) {
        return response(status, type, detail, errors, retryAfterSeconds, Map.of());
    }

    public static ResponseEntity<ProblemDetail> response(ProblemException e) {
        return response(e.status(), e.type(), e.getMessage(), e.errors(), e.retryAfterSeconds(), e.headers());
    }

    private static ResponseEntity<ProblemDetail> response(
            HttpStatusCode status,
            ProblemType type,
            String detail,
            List<FieldError> errors,
            Long retryAfterSeconds,
            Map<String, String> extraHeaders) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setType(URI.create(TYPE_PREFIX + type.slug()));
        problem.setTitle(type.title());
        if (!errors.isEmpty()) {
            problem.setProperty("errors", errors);
        }
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        if (status.value() == 401) {
            headers.set(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        if (retryAfterSeconds != null) {
            headers.set(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
        }
        extraHeaders.forEach(headers::set);
        return new ResponseEntity<>(problem, headers, status);
    }
}
