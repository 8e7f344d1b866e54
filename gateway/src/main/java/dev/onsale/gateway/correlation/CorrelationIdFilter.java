package dev.onsale.gateway.correlation;

import dev.onsale.common.IdentityHeaders;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The first filter of every request: fixes its correlation id, forwards it upstream, returns it to the
 * client, puts it into the Reactor context (and from there into the MDC of every log line), and writes
 * one access log line when the response is committed — also when an error handler commits it.
 */
@Component
class CorrelationIdFilter implements WebFilter, Ordered {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE;

    private static final Logger access = LoggerFactory.getLogger("dev.onsale.gateway.access");

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        long started = System.nanoTime();
        ServerHttpRequest original = exchange.getRequest();
        String id = CorrelationId.accept(original.getHeaders().getFirst(IdentityHeaders.CORRELATION_ID));
        ServerHttpRequest request = original.mutate()
                .headers(headers -> headers.set(IdentityHeaders.CORRELATION_ID, id))
                .build();
        ServerHttpResponse response = exchange.getResponse();
        response.beforeCommit(() -> {
            response.getHeaders().set(IdentityHeaders.CORRELATION_ID, id);
            logAccess(id, request, response, started);
            return Mono.empty();
        });
        exchange.getAttributes().put(CorrelationId.KEY, id);
        return chain.filter(exchange.mutate().request(request).build())
                .contextWrite(context -> context.put(CorrelationId.KEY, id));
    }

    private static void logAccess(String id, ServerHttpRequest request, ServerHttpResponse response, long started) {
        try (MDC.MDCCloseable ignored = MDC.putCloseable(CorrelationId.KEY, id)) {
            access.atInfo()
                    .addKeyValue("method", request.getMethod().name())
                    .addKeyValue("path", request.getPath().value())
                    .addKeyValue("status", response.getStatusCode() == null ? 200 : response.getStatusCode().value())
                    .addKeyValue("millis", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started))
                    .log("{} {} {}", request.getMethod(), request.getPath(),
                            response.getStatusCode() == null ? 200 : response.getStatusCode().value());
        }
    }
}
