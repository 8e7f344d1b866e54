package dev.onsale.gateway.identity;

import static org.springframework.cloud.gateway.support.ServerWebExchangeUtils.GATEWAY_REQUEST_URL_ATTR;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.HmacSigner;
import java.net.URI;
import java.time.Clock;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.cloud.gateway.filter.RouteToRequestUrlFilter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Signs what the gateway tells a service about a request ({@code X-Onsale-Signature}), last before it is
 * forwarded: the identity headers the identity and admission filters set, the method, and the path as the
 * service will receive it, at this moment. A request that asserts nobody (an anonymous catalog read, the
 * provider's webhook) is not signed: a service needs nothing vouched for to answer it, and these are the
 * hottest paths. Runs after the route has fixed the upstream URL and after every web filter, so nothing changes the
 * identity headers once signed; a client-sent signature never gets here (the identity filter strips every
 * {@code X-Onsale-*} header).
 */
@Component
class IdentitySigner implements GlobalFilter, org.springframework.core.Ordered {

    static final int ORDER = RouteToRequestUrlFilter.ROUTE_TO_URL_FILTER_ORDER + 1;

    private final HmacSigner signer;
    private final Clock clock;

    IdentitySigner(IdentityProperties properties, Clock clock) {
        this.signer = new HmacSigner(properties.key());
        this.clock = clock;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        URI upstream = exchange.getAttribute(GATEWAY_REQUEST_URL_ATTR);
        String path =
                upstream != null ? upstream.getRawPath() : request.getURI().getRawPath();
        HttpHeaders headers = request.getHeaders();
        var claims = new GatewaySignature.Claims(
                request.getMethod().name(),
                path,
                headers.getFirst(IdentityHeaders.BUYER),
                headers.getFirst(IdentityHeaders.ROLE),
                headers.getFirst(IdentityHeaders.ADMISSION),
                headers.getFirst(IdentityHeaders.DEADLINE));
        if (!claims.identifiesSomeone()) {
            return chain.filter(exchange);
        }
        String signature = GatewaySignature.sign(signer, claims, clock.instant());
        ServerHttpRequest signed = request.mutate()
                .headers(h -> h.set(IdentityHeaders.SIGNATURE, signature))
                .build();
        return chain.filter(exchange.mutate().request(signed).build());
    }
}
