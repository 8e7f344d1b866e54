package dev.onsale.gateway.routing;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.correlation.CorrelationId;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.problem.ProblemProperties;
import dev.onsale.gateway.problem.ProblemResponses;
import java.time.Duration;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.NettyWriteResponseFilter;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.http.server.reactive.ServerHttpResponseDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Keeps the contract that the only 5xx a buyer sees is 503 with {@code Retry-After}: an upstream 5xx
 * other than 503 is logged and replaced by 503 {@code service-unavailable}; an upstream 503 passes
 * unchanged but gains a {@code Retry-After} if it has none. Every other upstream response, problem+json
 * included, passes byte for byte, once the service has sent all of it (see {@link #whole}).
 */
@Component
class UpstreamFailureFilter implements GlobalFilter, Ordered {

    private static final Logger log = LoggerFactory.getLogger(UpstreamFailureFilter.class);

    private final ProblemResponses problems;
    private final Duration retryAfter;

    UpstreamFailureFilter(ProblemResponses problems, ProblemProperties properties) {
        this.problems = problems;
        this.retryAfter = properties.unavailableRetryAfter();
    }

    @Override
    public int getOrder() {
        return NettyWriteResponseFilter.WRITE_RESPONSE_FILTER_ORDER - 1;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        ServerHttpResponse guarded = new ServerHttpResponseDecorator(exchange.getResponse()) {
            @Override
            public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
                HttpStatusCode status = getStatusCode();
                if (status == null || !status.is5xxServerError()) {
                    return whole(body).flatMap(answer -> super.writeWith(answer));
                }
                if (status.value() == HttpStatus.SERVICE_UNAVAILABLE.value()) {
                    if (!getHeaders().containsHeader(HttpHeaders.RETRY_AFTER)) {
                        getHeaders().set(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, retryAfter.toSeconds())));
                    }
                    return super.writeWith(body);
                }
                try (MDC.MDCCloseable ignored =
                        MDC.putCloseable(CorrelationId.KEY, exchange.getAttribute(CorrelationId.KEY))) {
                    log.warn(
                            "upstream answered {} for {} {}; answering 503",
                            status.value(),
                            exchange.getRequest().getMethod(),
                            exchange.getRequest().getPath());
                }
                return Flux.from(body)
                        .doOnNext(DataBufferUtils::release)
                        .then(Mono.defer(() -> problems.write(
                                getDelegate(),
                                Problem.retryable(
                                        ProblemType.SERVICE_UNAVAILABLE,
                                        "the service failed to answer; retry later",
                                        retryAfter))));
            }

            @Override
            public Mono<Void> writeAndFlushWith(Publisher<? extends Publisher<? extends DataBuffer>> body) {
                HttpStatusCode status = getStatusCode();
                if (status == null || !status.is5xxServerError()) {
                    return super.writeAndFlushWith(body);
                }
                return writeWith(Flux.from(body).concatMap(Flux::from));
            }
        };
        return chain.filter(exchange.mutate().response(guarded).build());
    }

    /**
     * The service's whole answer, read before a byte of it is sent: a service that dies while it answers (a replica
     * killed between two chunks) then fails the exchange while nothing is sent yet, and the buyer gets a whole 503
     * from the problem handler instead of a status and part of a body on a connection that is then cut. The
     * services' answers are small JSON documents; none is streamed.
     */
    private static Mono<Publisher<DataBuffer>> whole(Publisher<? extends DataBuffer> body) {
        return DataBufferUtils.join(body).<Publisher<DataBuffer>>map(Mono::just).defaultIfEmpty(Flux.empty());
    }
}
