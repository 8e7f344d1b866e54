package dev.onsale.gateway.waitingroom;

import dev.onsale.common.http.EntityTags;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.routing.EventIds;
import java.time.Duration;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /api/queue/{eventId}/progress}, anonymous, answered from {@link ProgressCache}: the same bytes, ETag
 * and caching for every caller, 304 when the caller's {@code If-None-Match} names the current document.
 */
@RestController
class ProgressController {

    private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

    private final ProgressCache cache;

    ProgressController(ProgressCache cache) {
        this.cache = cache;
    }

    @Answers(problems = ProblemType.EVENT_NOT_FOUND, also = 304)
    @GetMapping("/api/queue/{eventId}/progress")
    Mono<ResponseEntity<byte[]>> progress(@PathVariable String eventId, ServerHttpRequest request) {
        UUID event = EventIds.parse(eventId)
                .orElseThrow(() -> Problem.of(ProblemType.EVENT_NOT_FOUND, "no event with this id has a waiting room")
                        .toException());
        String ifNoneMatch = request.getHeaders().getFirst(HttpHeaders.IF_NONE_MATCH);
        return cache.document(event)
                .map(found -> found.map(document -> answer(document, ifNoneMatch))
                        .orElseThrow(() -> Problem.retryable(
                                        ProblemType.SERVICE_UNAVAILABLE,
                                        "the waiting room did not answer; ask again shortly",
                                        RETRY_AFTER)
                                .toException()));
    }

    private static ResponseEntity<byte[]> answer(ProgressCache.Document document, String ifNoneMatch) {
        if (document.status() == HttpStatus.NOT_FOUND.value()) {
            throw Problem.of(ProblemType.EVENT_NOT_FOUND, "no event with this id has a waiting room")
                    .toException();
        }
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        if (document.cacheControl() != null) {
            ok.header(HttpHeaders.CACHE_CONTROL, document.cacheControl());
        }
        if (document.etag() != null) {
            ok.header(HttpHeaders.ETAG, document.etag());
            if (EntityTags.matches(ifNoneMatch, document.etag())) {
                return ResponseEntity.status(HttpStatus.NOT_MODIFIED)
                        .headers(ok.build().getHeaders())
                        .build();
            }
        }
        return ok.contentType(MediaType.parseMediaType(document.contentType())).body(document.body());
    }
}
