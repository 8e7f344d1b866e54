package dev.onsale.gateway.problem;

import dev.onsale.common.problem.ProblemType;
import java.time.Duration;
import java.util.Optional;
import org.springframework.http.HttpHeaders;

/**
 * An error the gateway answers itself, rendered as RFC 9457 {@code application/problem+json}.
 *
 * @param type       the slug, title and status
 * @param detail     what went wrong with this request, safe to show to the caller
 * @param retryAfter sent as {@code Retry-After}; 429 and 503 always carry one
 * @param headers    further response headers, e.g. {@code Allow} on 405
 */
public record Problem(ProblemType type, String detail, Optional<Duration> retryAfter, HttpHeaders headers) {

    public Problem {
        if (retryAfter.isEmpty() && (type.status() == 429 || type.status() == 503)) {
            throw new IllegalArgumentException(type.slug() + " needs a Retry-After");
        }
    }

    public static Problem of(ProblemType type, String detail) {
        return new Problem(type, detail, Optional.empty(), HttpHeaders.EMPTY);
    }

    public static Problem retryable(ProblemType type, String detail, Duration retryAfter) {
        return new Problem(type, detail, Optional.of(retryAfter), HttpHeaders.EMPTY);
    }

    public Problem withHeaders(HttpHeaders extra) {
        return new Problem(type, detail, retryAfter, extra);
    }

    public ProblemException toException() {
        return new ProblemException(this);
    }
}
