package dev.onsale.gateway.session;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.halt.HaltedSales;
import dev.onsale.gateway.halt.SaleHaltProperties;
import dev.onsale.gateway.identity.OperatorCalls;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.problem.ProblemException;
import dev.onsale.gateway.problem.ProblemProperties;
import dev.onsale.gateway.routing.UpstreamProperties;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;

/**
 * The join of a session created with an {@code eventId}: queue-service's {@code POST /api/queue/{eventId}/join},
 * made by the gateway for the session it has just created, so that a buyer's arrival is one round trip. Its answer
 * is the join's, or a problem: {@code event-not-found} as queue-service says it, {@code sale-halted} for a halted
 * sale (asked of nobody, as for a join), and {@code service-unavailable} with {@code Retry-After} when queue-service
 * does not answer 200 within {@link SessionProperties#joinTimeout()}. The calls go on the routes' own client and
 * connections to queue-service, and the join's answer is passed on as the bytes queue-service sent: an arrival costs
 * the gateway what a forwarded join costs, not a second pool and a second JSON document.
 */
@Component
class ArrivalJoin {

    private final WebClient client;
    private final URI queue;
    private final OperatorCalls calls;
    private final HaltedSales halted;
    private final SaleHaltProperties halts;
    private final Duration unavailableRetryAfter;
    private final Duration timeout;

    ArrivalJoin(
            HttpClient routes,
            UpstreamProperties upstream,
            SessionProperties sessions,
            OperatorCalls calls,
            HaltedSales halted,
            SaleHaltProperties halts,
            ProblemProperties problems) {
        this.timeout = sessions.joinTimeout();
        this.client = WebClient.builder()
                .clientConnector(new ReactorClientHttpConnector(routes))
                .build();
        this.queue = upstream.queue();
        this.calls = calls;
        this.halted = halted;
        this.halts = halts;
        this.unavailableRetryAfter = problems.unavailableRetryAfter();
    }

    /** Joins {@code sessionId} to the line of {@code eventId}; the join's answer (JSON), or a problem as above. */
    Mono<String> join(UUID eventId, UUID sessionId, String correlationId) {
        if (halted.isHalted(eventId)) {
            return Mono.error(halts.refusal());
        }
        String path = "/api/queue/" + eventId + "/join";
        URI uri = queue.resolve(path);
        return client.post()
                .uri(uri)
                .contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_JSON)
                .headers(headers -> {
                    calls.asBuyer(headers, HttpMethod.POST, uri.getRawPath(), sessionId);
                    if (correlationId != null) {
                        headers.set(IdentityHeaders.CORRELATION_ID, correlationId);
                    }
                })
                .bodyValue("{}")
                .exchangeToMono(response -> {
                    int status = response.statusCode().value();
                    if (status == 200) {
                        return response.bodyToMono(String.class);
                    }
                    if (status == 404) {
                        return response.releaseBody()
                                .then(Mono.error(Problem.of(ProblemType.EVENT_NOT_FOUND, "no event " + eventId)
                                        .toException()));
                    }
                    return response.releaseBody().then(Mono.error(unavailable("answered " + status)));
                })
                .timeout(timeout)
                .onErrorMap(
                        error -> !(error instanceof ProblemException),
                        error -> unavailable(
                                error instanceof TimeoutException
                                        ? "did not answer within " + timeout.toMillis() + " ms"
                                        : "could not be reached"));
    }

    private RuntimeException unavailable(String what) {
        return Problem.retryable(
                        ProblemType.SERVICE_UNAVAILABLE,
                        "the waiting room " + what + "; no session was created, try again",
                        unavailableRetryAfter)
                .toException();
    }
}
