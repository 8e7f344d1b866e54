package dev.onsale.sandbox.api;

import org.springframework.http.HttpStatus;

/**
 * An acquirer-style error: rendered as {@code {"error": {"type", "message", "param"?, "code"?}}} with the given
 * status. {@code code} says in one machine word what is wrong where the type alone does not (an unknown payment
 * method): clients keep it, while the message may echo what they sent.
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final String type;
    private final String param;
    private final String code;
    private final Long retryAfterSeconds;

    private ApiException(HttpStatus status, String type, String message, String param, Long retryAfterSeconds) {
        this(status, type, message, param, null, retryAfterSeconds);
    }

    private ApiException(
            HttpStatus status, String type, String message, String param, String code, Long retryAfterSeconds) {
        super(message);
        this.status = status;
        this.type = type;
        this.param = param;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public static ApiException invalidRequest(String message) {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid_request_error", message, null, null);
    }

    public static ApiException notFound(String message) {
        return new ApiException(HttpStatus.NOT_FOUND, "invalid_request_error", message, null, null);
    }

    public static ApiException idempotencyReused(String message) {
        return new ApiException(HttpStatus.UNPROCESSABLE_CONTENT, "idempotency_error", message, null, null);
    }

    public static ApiException unauthenticated() {
        return new ApiException(
                HttpStatus.UNAUTHORIZED,
                "authentication_error",
                "Invalid API key: send Authorization: Bearer <merchant key>",
                null,
                null);
    }

    public static ApiException rateLimited(long retryAfterSeconds) {
        return new ApiException(
                HttpStatus.TOO_MANY_REQUESTS,
                "rate_limit_error",
                "Too many requests; retry after " + retryAfterSeconds + " s",
                null,
                retryAfterSeconds);
    }

    public static ApiException serverError() {
        return new ApiException(
                HttpStatus.INTERNAL_SERVER_ERROR,
                "api_error",
                "An error occurred on our side; nothing was created",
                null,
                null);
    }

    public ApiException withParam(String param) {
        return new ApiException(status, type, getMessage(), param, code, retryAfterSeconds);
    }

    public ApiException withCode(String code) {
        return new ApiException(status, type, getMessage(), param, code, retryAfterSeconds);
    }

    public HttpStatus status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String param() {
        return param;
    }

    public String code() {
        return code;
    }

    public Long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
