package dev.onsale.gateway.problem;

import dev.onsale.common.problem.ProblemType;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** Writes a {@link Problem} as the whole of a not yet committed response. */
@Component
public class ProblemResponses {

    private final JsonMapper json;

    public ProblemResponses(JsonMapper json) {
        this.json = json;
    }

    /** The problem+json document: {@code type}, {@code title}, {@code status}, {@code detail}. */
    public byte[] body(Problem problem) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("type", problem.type().typeUri());
        document.put("title", problem.type().title());
        document.put("status", problem.type().status());
        document.put("detail", problem.detail());
        return json.writeValueAsBytes(document);
    }

    /**
     * Replaces status, headers (except the correlation id, which is set on commit) and body of
     * {@code response}.
     */
    public Mono<Void> write(ServerHttpResponse response, Problem problem) {
        byte[] body = body(problem);
        response.setStatusCode(HttpStatus.valueOf(problem.type().status()));
        HttpHeaders headers = response.getHeaders();
        headers.clear();
        headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        headers.setContentLength(body.length);
        headers.setCacheControl("no-store");
        if (problem.type() == ProblemType.UNAUTHORIZED) {
            headers.set(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        problem.retryAfter()
                .ifPresent(wait ->
                        headers.set(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, ceilSeconds(wait.toMillis())))));
        problem.headers().forEach((name, values) -> headers.put(name, values));
        DataBuffer buffer = response.bufferFactory().wrap(body);
        return response.writeWith(Mono.just(buffer));
    }

    private static long ceilSeconds(long millis) {
        return (millis + 999) / 1000;
    }
}
