package dev.onsale.gateway.identity;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.problem.Problem;
import java.util.List;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Decides who may pass, right after the correlation id is fixed. Invariants: no client-sent
 * {@code X-Onsale-*} header ever reaches a service (any case, any path); the only identity headers a
 * service receives are the ones this filter sets from verified credentials; the credentials themselves
 * ({@code Authorization}) are not forwarded, except on the webhook, which passes untouched; paths that
 * could be re-interpreted upstream (dot segments, encoded slashes, matrix parameters) are refused
 * before the access rules look at them. The gateway's own management endpoints pass without identity
 * work: they are answered here, never forwarded, so there is nothing to strip or set.
 */
@Component
class IdentityFilter implements WebFilter, Ordered {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 10;

    private static final String RESERVED_PREFIX = "x-onsale-";
    private static final List<String> AMBIGUOUS = List.of("//", "/./", "/../", ";", "\\", "%2f", "%5c", "%2e");

    private final Credentials credentials;

    IdentityFilter(Credentials credentials) {
        this.credentials = credentials;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (!isCanonical(request.getURI().getRawPath())) {
            return Mono.error(Problem.of(ProblemType.INVALID_REQUEST, "the request path is not in canonical form")
                    .toException());
        }
        Requirement requirement = AccessPolicy.requirementFor(
                request.getMethod(), request.getPath().pathWithinApplication());
        if (requirement == Requirement.MANAGEMENT) {
            new Verified(requirement, new Caller.Nobody()).attachTo(exchange);
            return chain.filter(exchange);
        }
        Caller caller = requirement == Requirement.ANONYMOUS
                        || requirement == Requirement.PUBLIC_DOCUMENT
                        || requirement == Requirement.WEBHOOK
                ? new Caller.Nobody()
                : credentials.resolve(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
        return switch (AccessDecision.decide(requirement, caller)) {
            case AccessDecision.Denied denied -> Mono.error(denied.problem().toException());
            case AccessDecision.Granted granted -> {
                ServerHttpRequest forwarded = request.mutate()
                        .headers(headers -> {
                            stripReserved(headers);
                            if (requirement != Requirement.WEBHOOK) {
                                headers.remove(HttpHeaders.AUTHORIZATION);
                            }
                            granted.identityHeaders().forEach(headers::set);
                        })
                        .build();
                new Verified(requirement, caller).attachTo(exchange);
                yield chain.filter(exchange.mutate().request(forwarded).build());
            }
        };
    }

    static void stripReserved(HttpHeaders headers) {
        List<String> reserved = headers.headerNames().stream()
                .filter(name -> name.toLowerCase(Locale.ROOT).startsWith(RESERVED_PREFIX))
                .toList();
        reserved.forEach(headers::remove);
    }

    static boolean isCanonical(String rawPath) {
        String path = rawPath.toLowerCase(Locale.ROOT);
        if (path.endsWith("/.") || path.endsWith("/..")) {
            return false;
        }
        return AMBIGUOUS.stream().noneMatch(path::contains);
    }
}
