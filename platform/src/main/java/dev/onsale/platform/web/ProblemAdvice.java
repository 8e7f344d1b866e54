package dev.onsale.platform.web;

import dev.onsale.common.problem.ProblemType;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.util.DisconnectedClientHelper;
import tools.jackson.core.JacksonException;

/**
 * Every failure of a servlet service becomes {@code application/problem+json}: the caller never
 * sees a stack trace or Spring's default error body. Unexpected failures are logged and answered
 * with a bare 500 {@code internal-error} that reveals nothing; an engine that did not answer is a
 * 503 {@code service-unavailable} with {@code Retry-After}. A client that hung up mid-request (a provider's
 * webhook delivery that timed out, a buyer who closed the tab) is logged in one line, not as a failure.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class ProblemAdvice {

    private static final Logger log = LoggerFactory.getLogger(ProblemAdvice.class);
    /** A dependency that did not answer is usually back within a second or two. */
    private static final long DEPENDENCY_RETRY_AFTER_SECONDS = 1;

    @ExceptionHandler(ProblemException.class)
    ResponseEntity<ProblemDetail> problem(ProblemException e) {
        return Problems.response(e);
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ProblemDetail> unreadable(HttpMessageNotReadableException e) {
        return Problems.response(invalidBody(e));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ProblemDetail> typeMismatch(MethodArgumentTypeMismatchException e) {
        boolean pathVariable =
                e.getParameter().hasParameterAnnotation(org.springframework.web.bind.annotation.PathVariable.class);
        if (pathVariable) {
            return Problems.response(new ProblemException(
                    ProblemType.NOT_FOUND, "'" + e.getValue() + "' is not a valid " + e.getName()));
        }
        return Problems.response(
                ProblemException.invalidRequest(List.of(new FieldError(e.getName(), "has an invalid value"))));
    }

    @ExceptionHandler(MissingRequestHeaderException.class)
    ResponseEntity<ProblemDetail> missingHeader(MissingRequestHeaderException e) {
        return Problems.response(
                ProblemException.invalidRequest(List.of(new FieldError(e.getHeaderName(), "header is required"))));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ProblemDetail> missingParameter(MissingServletRequestParameterException e) {
        return Problems.response(ProblemException.invalidRequest(
                List.of(new FieldError(e.getParameterName(), "parameter is required"))));
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<ProblemDetail> noResource(NoResourceFoundException e) {
        return Problems.response(new ProblemException(ProblemType.NOT_FOUND, "no resource at /" + e.getResourcePath()));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ProblemDetail> method(HttpRequestMethodNotSupportedException e) {
        return Problems.response(
                new ProblemException(ProblemType.METHOD_NOT_ALLOWED, e.getMethod() + " is not supported here"));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ProblemDetail> mediaType(HttpMediaTypeNotSupportedException e) {
        return Problems.response(new ProblemException(ProblemType.UNSUPPORTED_MEDIA_TYPE, "send application/json"));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ProblemDetail> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return Problems.response(
                new ProblemException(ProblemType.NOT_ACCEPTABLE, "this resource is available as application/json"));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> unexpected(Exception e, HttpServletRequest request) {
        if (DisconnectedClientHelper.isClientDisconnectedException(e)) {
            // nobody is left to answer: not a failure of the service, and no stack trace for it
            log.info(
                    "the client went away during {} {}: {}",
                    request.getMethod(),
                    request.getRequestURI(),
                    e.toString());
            return null;
        }
        if (DependencyFailures.isTransient(e)) {
            log.warn(
                    "dependency did not answer on {} {}: {}",
                    request.getMethod(),
                    request.getRequestURI(),
                    e.toString());
            return Problems.response(new ProblemException(
                            ProblemType.SERVICE_UNAVAILABLE,
                            "a dependency did not answer in time; nothing was changed, try again shortly")
                    .retryAfter(DEPENDENCY_RETRY_AFTER_SECONDS));
        }
        log.error("unhandled failure on {} {}", request.getMethod(), request.getRequestURI(), e);
        return Problems.response(new ProblemException(
                ProblemType.INTERNAL_ERROR, "the request failed; nothing was changed by this error page"));
    }

    /** The outermost Jackson failure in the chain: it carries the path (inner causes such as a DateTimeParseException do not). */
    private static JacksonException jacksonCause(Throwable e) {
        for (Throwable cause = e; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof JacksonException jackson) {
                return jackson;
            }
        }
        return null;
    }

    /** Names the offending field of a body Jackson refused (unknown, wrong type, malformed). */
    static ProblemException invalidBody(HttpMessageNotReadableException e) {
        JacksonException jackson = jacksonCause(e);
        if (jackson != null) {
            String field = JsonPaths.of(jackson);
            String message = switch (jackson) {
                case tools.jackson.databind.exc.UnrecognizedPropertyException ignored -> "is not a known field";
                case tools.jackson.databind.exc.InvalidFormatException ignored -> "has an invalid value";
                case tools.jackson.databind.exc.MismatchedInputException ignored -> "is missing or has the wrong type";
                default -> "is not valid JSON";
            };
            if (field.isEmpty()) {
                field = "body";
                message = jackson instanceof tools.jackson.databind.exc.MismatchedInputException
                        ? "must be a JSON object of the documented shape"
                        : "is not valid JSON";
            }
            return ProblemException.invalidRequest(List.of(new FieldError(field, message)));
        }
        return ProblemException.invalidRequest(List.of(new FieldError("body", "is missing or not valid JSON")));
    }
}
