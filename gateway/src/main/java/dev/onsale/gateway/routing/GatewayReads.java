package dev.onsale.gateway.routing;

import java.time.Duration;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Clients for the reads the gateway makes itself (the dashboard's parts, the progress documents), each on a pool
 * of its own, so that they never wait behind buyers' forwarded requests nor buyers behind them; the deadline is the
 * connection's own, as for the routes ({@link UpstreamClientConfiguration}).
 */
public final class GatewayReads {

    private GatewayReads() {}

    public static WebClient client(String name, int maxConnections, Duration timeout) {
        ConnectionProvider pool = ConnectionProvider.builder(name)
                .maxConnections(maxConnections)
                .pendingAcquireTimeout(timeout)
                .maxIdleTime(Duration.ofSeconds(30))
                .build();
        HttpClient http = HttpClient.create(pool).responseTimeout(timeout);
        return WebClient.builder()
                .clientConnector(new ReactorClientHttpConnector(http))
                .build();
    }
}
