package dev.onsale.gateway.correlation;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.gateway.identity.Requirement;
import dev.onsale.gateway.identity.Verified;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The first filter of every request: fixes its correlation id, forwards it upstream, returns it to the
 * client, puts it into the Reactor context and the exchange attributes (whence the gateway's own log
 * lines take it into their MDC), and writes
 * one access log line when the response is committed — also when an error handler commits it — for
 * the requests {@link AccessLogProperties} names, within its lines per second ({@link AccessLogBudget}); probes and
 * scrapes of the management endpoints get none.
 */
@Component
class CorrelationIdFilter implements WebFilter, Ordered, DisposableBean {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE;

    private static final Logger access = LoggerFactory.getLogger("dev.onsale.gateway.access");

    private final AccessLogProperties properties;
    private final AccessLogBudget budget;
    private final Disposable rolling;

    CorrelationIdFilter(AccessLogProperties properties) {
        this.properties = properties;
        this.budget = new AccessLogBudget(properties.linesPerSecond(), System::nanoTime);
        this.rolling = Schedulers.single()
                .schedulePeriodically(
                        () -> budget.roll().ifPresent(CorrelationIdFilter::logSuppressed), 1, 1, TimeUnit.SECONDS);
    }

    @Override
    public void destroy() {
        rolling.dispose();
    }

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
            if (Verified.of(exchange).requirement() != Requirement.MANAGEMENT) {
                logAccess(id, request, response, started);
            }
            return Mono.empty();
        });
        exchange.getAttributes().put(CorrelationId.KEY, id);
        return chain.filter(exchange.mutate().request(request).build())
                .contextWrite(context -> context.put(CorrelationId.KEY, id));
    }

    private void logAccess(String id, ServerHttpRequest request, ServerHttpResponse response, long started) {
        long elapsed = System.nanoTime() - started;
        int status = response.getStatusCode() == null
                ? 200
                : response.getStatusCode().value();
        if (!properties.logs(status, elapsed)) {
            return;
        }
        AccessLogBudget.Decision decision = budget.admit(status, elapsed);
        decision.previous().ifPresent(CorrelationIdFilter::logSuppressed);
        if (!decision.logs()) {
            return;
        }
        try (MDC.MDCCloseable ignored = MDC.putCloseable(CorrelationId.KEY, id)) {
            access.atInfo()
                    .addKeyValue("method", request.getMethod().name())
                    .addKeyValue("path", request.getPath().value())
                    .addKeyValue("status", status)
                    .addKeyValue("millis", TimeUnit.NANOSECONDS.toMillis(elapsed))
                    .log("{} {} {}", request.getMethod(), request.getPath(), status);
        }
    }

    private static void logSuppressed(AccessLogBudget.Summary summary) {
        access.atInfo()
                .addKeyValue("suppressed", summary.suppressed())
                .addKeyValue("failures", summary.failures())
                .addKeyValue("slowestMillis", summary.slowestMillis())
                .log(
                        "{} more answers in the last second had no line of their own (over the budget of lines per"
                                + " second): {} of them 5xx, the slowest {} ms",
                        summary.suppressed(),
                        summary.failures(),
                        summary.slowestMillis());
    }
}
