package dev.onsale.gateway.body;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.problem.Problem;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Refuses bodies over the limit with 413: at once when {@code Content-Length} declares too much, and,
 * for bodies without one (chunked), as soon as the bytes streamed through exceed the limit — before
 * the excess reaches a service. Bodies within the limit pass byte for byte.
 */
@Component
class BodySizeLimitFilter implements WebFilter, Ordered {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 30;

    private final long maxBytes;

    BodySizeLimitFilter(BodyLimitProperties properties) {
        this.maxBytes = properties.maxSize().toBytes();
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        long declared = request.getHeaders().getContentLength();
        if (declared > maxBytes) {
            return Mono.error(tooLarge());
        }
        if (declared >= 0) {
            return chain.filter(exchange);
        }
        return chain.filter(
                exchange.mutate().request(new CountingRequest(request)).build());
    }

    private RuntimeException tooLarge() {
        return Problem.of(ProblemType.PAYLOAD_TOO_LARGE, "the request body exceeds " + maxBytes + " bytes")
                .toException();
    }

    private final class CountingRequest extends ServerHttpRequestDecorator {

        private final AtomicLong seen = new AtomicLong();

        CountingRequest(ServerHttpRequest delegate) {
            super(delegate);
        }

        @Override
        public Flux<DataBuffer> getBody() {
            return super.getBody().handle((buffer, sink) -> {
                if (seen.addAndGet(buffer.readableByteCount()) > maxBytes) {
                    DataBufferUtils.release(buffer);
                    sink.error(tooLarge());
                } else {
                    sink.next(buffer);
                }
            });
        }
    }
}
