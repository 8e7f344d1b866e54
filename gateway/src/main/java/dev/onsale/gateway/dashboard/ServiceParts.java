package dev.onsale.gateway.dashboard;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.gateway.identity.OperatorCalls;
import dev.onsale.gateway.routing.GatewayReads;
import dev.onsale.gateway.routing.ServiceReplicas;
import io.netty.handler.timeout.ReadTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Mono;

/**
 * Asks one service for its part of an event's dashboard: {@code GET /internal/events/{eventId}/dashboard}, a path
 * the gateway does not route, with a signed admin identity. Never fails: whatever goes wrong becomes a {@link Part}
 * within the part timeout.
 */
@Component
class ServiceParts {

    private static final ParameterizedTypeReference<Map<String, Object>> JSON_OBJECT =
            new ParameterizedTypeReference<>() {};

    private final WebClient client;
    private final OperatorCalls operatorCalls;
    private final Duration timeout;

    ServiceParts(OperatorCalls operatorCalls, DashboardProperties properties) {
        this.operatorCalls = operatorCalls;
        this.timeout = properties.partTimeout();
        this.client = GatewayReads.client("onsale-dashboard", 32, timeout);
    }

    /** The part of one of {@code service}'s replicas: the next, or another when that one does not connect. */
    Mono<Part> fetch(ServiceReplicas service, UUID eventId, String correlationId) {
        String path = "/internal/events/" + eventId + "/dashboard";
        return service.call(replica -> client.get()
                        .uri(replica.resolve(path))
                        .accept(MediaType.APPLICATION_JSON)
                        .headers(headers -> {
                            operatorCalls.asAdmin(headers, HttpMethod.GET, path);
                            if (correlationId != null) {
                                headers.set(IdentityHeaders.CORRELATION_ID, correlationId);
                            }
                        })
                        .retrieve()
                        .bodyToMono(JSON_OBJECT))
                .<Part>map(Part.Answered::new)
                .timeout(timeout)
                .onErrorResume(error -> Mono.just(failed(service.service(), error)));
    }

    private Part failed(String service, Throwable error) {
        if (error instanceof WebClientResponseException response) {
            if (response.getStatusCode().value() == HttpStatus.NOT_FOUND.value()) {
                return new Part.Unknown(service + " does not know the event");
            }
            return new Part.Unavailable(
                    service + " answered " + response.getStatusCode().value());
        }
        if (error instanceof TimeoutException || hasCause(error, ReadTimeoutException.class)) {
            return new Part.Unavailable(service + " did not answer within " + timeout.toMillis() + " ms");
        }
        return new Part.Unavailable(service + " could not be reached");
    }

    private static boolean hasCause(Throwable error, Class<? extends Throwable> type) {
        for (Throwable cause = error.getCause(); cause != null; cause = cause.getCause()) {
            if (type.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }
}
