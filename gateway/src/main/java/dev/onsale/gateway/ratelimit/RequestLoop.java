package dev.onsale.gateway.ratelimit;

import io.netty.channel.EventLoop;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.Connection;

/**
 * The scheduler that runs the rest of a request on the event loop of the connection it arrived on.
 * A reactive Redis reply is signalled on the Redis client's own I/O thread, one per connection; without
 * this hop every request's remaining filters, routing, response writing and logging would run on that
 * one thread, so the whole gateway would be as fast as one core and Redis replies would queue behind
 * that work until the limiter's timeout. Falls back to {@link Schedulers#parallel()} where the request
 * does not come from Reactor Netty.
 */
public final class RequestLoop {

    /** One scheduler per event loop; a server has a handful of event loops, fixed at start-up. */
    private static final Map<EventLoop, Scheduler> SCHEDULERS = new ConcurrentHashMap<>();

    private RequestLoop() {}

    public static Scheduler of(ServerWebExchange exchange) {
        EventLoop loop = eventLoop(exchange.getRequest());
        if (loop == null) {
            return Schedulers.parallel();
        }
        return SCHEDULERS.computeIfAbsent(loop, Schedulers::fromExecutor);
    }

    private static EventLoop eventLoop(ServerHttpRequest request) {
        try {
            Object nativeRequest = ServerHttpRequestDecorator.getNativeRequest(request);
            return nativeRequest instanceof Connection connection
                    ? connection.channel().eventLoop()
                    : null;
        } catch (IllegalArgumentException | IllegalStateException notReactorNetty) {
            return null;
        }
    }
}
