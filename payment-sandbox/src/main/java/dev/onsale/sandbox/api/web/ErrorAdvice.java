package dev.onsale.sandbox.api.web;

import dev.onsale.sandbox.api.ApiException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Every error leaves as {@code {"error": {"type", "message", "param"?, "code"?}}}, the way acquirers answer. */
@RestControllerAdvice
class ErrorAdvice {

    @ExceptionHandler(ApiException.class)
    ResponseEntity<Map<String, Object>> api(ApiException e) {
        var builder = ResponseEntity.status(e.status());
        if (e.retryAfterSeconds() != null)
            builder.header(HttpHeaders.RETRY_AFTER, Long.toString(e.retryAfterSeconds()));
        var error = new LinkedHashMap<String, Object>();
        error.put("type", e.type());
        error.put("message", e.getMessage());
        if (e.param() != null) error.put("param", e.param());
        if (e.code() != null) error.put("code", e.code());
        return builder.body(Map.of("error", error));
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<Map<String, Object>> unreadable(HttpMessageNotReadableException e) {
        if (e.getCause() instanceof JacksonException jackson
                && !jackson.getPath().isEmpty()) {
            var field = jackson.getPath().stream()
                    .map(JacksonException.Reference::getPropertyName)
                    .filter(name -> name != null)
                    .reduce((a, b) -> a + "." + b)
                    .orElse(null);
            if (field != null) {
                var problem = jackson instanceof UnrecognizedPropertyException ? "unknown field" : "invalid value";
                return api(ApiException.invalidRequest(field + ": " + problem).withParam(field));
            }
        }
        return api(ApiException.invalidRequest("Malformed JSON body"));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<Map<String, Object>> mediaType(HttpMediaTypeNotSupportedException e) {
        return api(ApiException.invalidRequest("Content-Type must be application/json"));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<Map<String, Object>> method(HttpRequestMethodNotSupportedException e) {
        return ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
                .body(Map.of("error", Map.of("type", "invalid_request_error", "message", e.getMessage())));
    }

    @ExceptionHandler(NoResourceFoundException.class)
    ResponseEntity<Map<String, Object>> notFound(NoResourceFoundException e) {
        return api(ApiException.notFound("Unrecognized request URL"));
    }
}
