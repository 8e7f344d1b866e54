package dev.onsale.gateway.problem;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.correlation.CorrelationId;
import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.TimeoutException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import reactor.netty.channel.AbortedException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquirePendingLimitException;
import reactor.netty.internal.shaded.reactor.pool.PoolAcquireTimeoutException;

/**
 * Turns every error of the gateway's own making into problem+json. Buyers never see a 5xx other than
 * 503 {@code service-unavailable} with {@code Retry-After}: an upstream that refuses connections, times
 * out (gateway 504) or exhausts the connection pool is reported that way. Runs before Boot's default
 * error handler.
 */
@Component
@Order(-2)
class ProblemExceptionHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemExceptionHandler.class);

    private final ProblemResponses responses;
    private final Duration retryAfter;

    ProblemExceptionHandler(ProblemResponses responses, ProblemProperties properties) {
        this.responses = responses;
        this.retryAfter = properties.unavailableRetryAfter();
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable error) {
        if (exchange.getResponse().isCommitted()) {
            return Mono.error(error);
        }
        Problem problem;
        try (MDC.MDCCloseable ignored = MDC.putCloseable(CorrelationId.KEY, exchange.getAttribute(CorrelationId.KEY))) {
            problem = problemFor(error, exchange);
        }
        if (declaresBody(exchange.getRequest())) {
            problem = closingTheConnection(problem);
        }
        return responses.write(exchange.getResponse(), problem);
    }

    /**
     * Whether the request came with a body, which the gateway may not have read when it answers: most problems are
     * answered before anything is forwarded (access, rate, size, admission, a halted sale).
     */
    private static boolean declaresBody(ServerHttpRequest request) {
        HttpHeaders headers = request.getHeaders();
        return headers.getContentLength() > 0 || headers.containsHeader(HttpHeaders.TRANSFER_ENCODING);
    }

    /**
     * The problem, answered with {@code Connection: close}. On a keep-alive connection whose last request's body
     * was not read, the server's next request on it sometimes got no answer at all (measured: 8 of 300 operator calls
     * right after a buyer's refused one, each waiting out its client's timeout); the client opens a new connection
     * instead. Problems are rare on a buyer's connection, so the cost is a reconnect where a request was refused.
     */
    private static Problem closingTheConnection(Problem problem) {
        HttpHeaders headers = new HttpHeaders();
        headers.addAll(problem.headers());
        headers.set(HttpHeaders.CONNECTION, "close");
        return problem.withHeaders(headers);
    }

    Problem problemFor(Throwable error, ServerWebExchange exchange) {
        ProblemException known = find(error, ProblemException.class);
        if (known != null) {
            return known.problem();
        }
        if (find(error, DataBufferLimitException.class) != null) {
            return Problem.of(ProblemType.PAYLOAD_TOO_LARGE, "the request body is too large");
        }
        if (error instanceof ResponseStatusException status) {
            return fromStatus(status, exchange);
        }
        if (isUpstreamFailure(error)) {
            log.warn(
                    "upstream unavailable for {} {}: {}",
                    exchange.getRequest().getMethod(),
                    exchange.getRequest().getPath(),
                    error.toString());
        } else {
            log.error(
                    "unexpected failure for {} {}",
                    exchange.getRequest().getMethod(),
                    exchange.getRequest().getPath(),
                    error);
        }
        return unavailable();
    }

    private Problem fromStatus(ResponseStatusException error, ServerWebExchange exchange) {
        HttpStatus status = HttpStatus.resolve(error.getStatusCode().value());
        if (status == null || status.is5xxServerError()) {
            log.warn(
                    "upstream unavailable for {} {}: {}",
                    exchange.getRequest().getMethod(),
                    exchange.getRequest().getPath(),
                    error.getMessage());
            return unavailable();
        }
        return switch (status) {
            case NOT_FOUND ->
                Problem.of(
                        ProblemType.NOT_FOUND,
                        "no resource at " + exchange.getRequest().getPath());
            case METHOD_NOT_ALLOWED ->
                Problem.of(ProblemType.METHOD_NOT_ALLOWED, exchange.getRequest().getMethod() + " is not allowed here")
                        .withHeaders(allowOnly(error));
            case CONTENT_TOO_LARGE -> Problem.of(ProblemType.PAYLOAD_TOO_LARGE, "the request body is too large");
            case UNSUPPORTED_MEDIA_TYPE -> Problem.of(ProblemType.UNSUPPORTED_MEDIA_TYPE, "unsupported content type");
            case NOT_ACCEPTABLE -> Problem.of(ProblemType.NOT_ACCEPTABLE, "no acceptable representation");
            case BAD_REQUEST -> Problem.of(ProblemType.INVALID_REQUEST, "the request could not be read");
            case UNAUTHORIZED -> Problem.of(ProblemType.UNAUTHORIZED, "credentials are missing or invalid");
            case FORBIDDEN -> Problem.of(ProblemType.FORBIDDEN, "not allowed for these credentials");
            default -> Problem.of(ProblemType.REQUEST_REFUSED, status.getReasonPhrase());
        };
    }

    private Problem unavailable() {
        return Problem.retryable(
                ProblemType.SERVICE_UNAVAILABLE, "the service did not answer in time; retry later", retryAfter);
    }

    private static HttpHeaders allowOnly(ResponseStatusException error) {
        HttpHeaders allow = new HttpHeaders();
        List<String> methods = error.getHeaders().get(HttpHeaders.ALLOW);
        if (methods != null && !methods.isEmpty()) {
            allow.set(HttpHeaders.ALLOW, String.join(", ", methods));
        }
        return allow;
    }

    private static boolean isUpstreamFailure(Throwable error) {
        return find(error, IOException.class) != null
                || find(error, ConnectTimeoutException.class) != null
                || find(error, TimeoutException.class) != null
                || find(error, java.util.concurrent.TimeoutException.class) != null
                || find(error, PoolAcquirePendingLimitException.class) != null
                || find(error, PoolAcquireTimeoutException.class) != null
                || find(error, AbortedException.class) != null;
    }

    private static <T extends Throwable> T find(Throwable error, Class<T> type) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }
}
