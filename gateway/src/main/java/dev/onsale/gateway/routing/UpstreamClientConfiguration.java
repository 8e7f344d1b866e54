package dev.onsale.gateway.routing;

import java.util.List;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.cloud.gateway.config.HttpClientCustomizer;
import org.springframework.cloud.gateway.config.HttpClientFactory;
import org.springframework.cloud.gateway.config.HttpClientProperties;
import org.springframework.cloud.gateway.config.HttpClientSslConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;

/**
 * Sizes the Reactor Netty client pool from {@link UpstreamProperties}. Spring Cloud Gateway's own
 * properties cannot set the pending-acquire limit, whose default (1,000 waiters per service address)
 * turns a burst of buyers into 5xx answers.
 *
 * The response deadline is the client's own ({@link reactor.netty.http.client.HttpClient#responseTimeout}),
 * kept on the upstream connection's event loop, where the response is read too: a response and the deadline
 * can then never race. (The route's deadline, a timer on another thread, could fire while the response was
 * being copied onto the buyer's: the copy failed on the committed headers, its error was dropped, and the buyer
 * could be left without an answer, or with the service's status over the 503's body.)
 *
 * <p>The upstream connections run on two event loops of their own ({@code onsale-upstream}), not on the server's
 * that read the buyers' requests: in an arrival burst those loops each have hundreds of new requests ready at once,
 * and a service's answer that had arrived waited behind them before it was read (measured in {@code bench sale}:
 * holds p99 a median 6.5 s of six runs on the shared loops, 4.8 s of nine on their own; payments 6.0 and 4.6 s).
 */
@Configuration(proxyBeanMethods = false)
class UpstreamClientConfiguration {

    @Bean
    HttpClientFactory gatewayHttpClientFactory(
            HttpClientProperties properties,
            ServerProperties server,
            List<HttpClientCustomizer> customizers,
            HttpClientSslConfigurer ssl,
            UpstreamProperties upstream) {
        return new HttpClientFactory(properties, server, ssl, customizers) {
            @Override
            protected ConnectionProvider buildConnectionProvider(HttpClientProperties ignored) {
                UpstreamProperties.Pool pool = upstream.pool();
                return ConnectionProvider.builder("onsale-upstreams")
                        .maxConnections(pool.maxConnections())
                        .pendingAcquireMaxCount(pool.pendingAcquireMax())
                        .pendingAcquireTimeout(pool.pendingAcquireTimeout())
                        .maxIdleTime(pool.maxIdleTime())
                        .metrics(true)
                        .build();
            }
        };
    }

    @Bean
    HttpClientCustomizer upstreamResponseDeadline(UpstreamProperties upstream) {
        return client -> client.responseTimeout(upstream.responseTimeout());
    }

    @Bean(destroyMethod = "dispose")
    LoopResources upstreamLoops() {
        return LoopResources.create("onsale-upstream", 2, true);
    }

    @Bean
    HttpClientCustomizer upstreamOnOwnLoops(LoopResources upstreamLoops) {
        return client -> client.runOn(upstreamLoops);
    }
}
