package dev.onsale.gateway.routing;

import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.CLIENT_RESPONSE_ATTR;
import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.GATEWAY_ALREADY_ROUTED_ATTR;
import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.GATEWAY_ROUTE_ATTR;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.correlation.CorrelationId;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.problem.ProblemProperties;
import dev.onsale.gateway.ratelimit.RateLimitStage;
import dev.onsale.gateway.ratelimit.RequestLoop;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.netty.Connection;
import reactor.netty.http.server.HttpServerResponse;

/**
 * The gateway's promise that a buyer never waits for nothing: a request that has no answer within
 * {@link UpstreamProperties#answerDeadline()} — whatever it waits for: the rate limiter, a pooled connection, a
 * service — is cancelled and answered 503 {@code service-unavailable} with {@code Retry-After}. The deadline
 * outlasts every wait the gateway configures, so it fires only when something never answered; it is timed on
 * the request's own event loop and logged with how far the request got. A service's answer that is being copied
 * to the buyer when the deadline comes can no longer be replaced by a 503: it gets {@code answer-grace} more to
 * finish, and if it has not by then, the buyer's connection is closed. (Cancelling the copy and completing the
 * exchange, as before, sent the service's status and Content-Length without the body: the client then waited for
 * bytes that never came, seen as requests without an answer after 35 s under CPU contention.)
 */
@Component
class AnswerDeadlineFilter implements WebFilter, Ordered {

    private static final Logger log = LoggerFactory.getLogger(AnswerDeadlineFilter.class);

    private final Duration deadline;
    private final Duration grace;
    private final Duration retryAfter;
    private final Counter fired;

    AnswerDeadlineFilter(UpstreamProperties upstream, ProblemProperties problems, MeterRegistry meters) {
        this.deadline = upstream.answerDeadline();
        this.grace = upstream.answerGrace();
        this.retryAfter = problems.unavailableRetryAfter();
        this.fired = Counter.builder("onsale.gateway.answer.deadline.fired")
                .description("requests answered 503 because nothing else answered them within the answer deadline")
                .register(meters);
    }

    @Override
    public int getOrder() {
        // right after the correlation id, so that the deadline's own answer is logged with it
        return Ordered.HIGHEST_PRECEDENCE + 1;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Scheduler loop = RequestLoop.of(exchange);
        Mono<Long> expired = Mono.delay(deadline, loop)
                .flatMap(late -> beingAnswered(exchange) ? Mono.delay(grace, loop) : Mono.just(late));
        return chain.filter(exchange).timeout(expired, Mono.defer(() -> {
            if (beingAnswered(exchange)) {
                log.warn(
                        "the answer to {} {} was still being written {} after the deadline ({}): connection closed",
                        exchange.getRequest().getMethod(),
                        exchange.getRequest().getPath(),
                        grace,
                        deadline);
                close(exchange);
                return Mono.empty();
            }
            fired.increment();
            try (MDC.MDCCloseable ignored =
                    MDC.putCloseable(CorrelationId.KEY, exchange.getAttribute(CorrelationId.KEY))) {
                log.warn(
                        "no answer for {} {} within {} ({}); answering 503",
                        exchange.getRequest().getMethod(),
                        exchange.getRequest().getPath(),
                        deadline,
                        stage(exchange));
            }
            return Mono.error(Problem.retryable(
                            ProblemType.SERVICE_UNAVAILABLE,
                            "the service did not answer in time; retry later",
                            retryAfter)
                    .toException());
        }));
    }

    /** The service's answer is being copied to the buyer: a 503 can no longer be written over it. */
    private static boolean beingAnswered(ServerWebExchange exchange) {
        return exchange.getAttribute(CLIENT_RESPONSE_ATTR) != null
                || exchange.getResponse().isCommitted();
    }

    private static void close(ServerWebExchange exchange) {
        if (ServerHttpResponseDecorator.getNativeResponse(exchange.getResponse())
                instanceof HttpServerResponse response) {
            response.withConnection(Connection::dispose);
        }
    }

    static String stage(ServerWebExchange exchange) {
        if (Boolean.TRUE.equals(exchange.getAttribute(GATEWAY_ALREADY_ROUTED_ATTR))) {
            return "routed: waiting for a connection or the service";
        }
        if (exchange.getAttribute(GATEWAY_ROUTE_ATTR) != null) {
            return "not routed yet: a route matched, not forwarded";
        }
        return "not routed yet: no route matched yet; the rate limiter " + RateLimitStage.of(exchange);
    }
}
