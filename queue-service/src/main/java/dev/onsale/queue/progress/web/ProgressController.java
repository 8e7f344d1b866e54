package dev.onsale.queue.progress.web;

import dev.onsale.common.http.EntityTags;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.web.ProblemException;
import dev.onsale.queue.progress.Progress;
import dev.onsale.queue.progress.ProgressProperties;
import dev.onsale.queue.progress.ProgressReader;
import java.util.UUID;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /api/queue/{eventId}/progress}: anonymous, cacheable for {@code max-age}, with a weak {@code ETag} over
 * everything but the time it was read, so that a reader whose document did not change gets 304 (a matching
 * {@code If-None-Match}). The gateway's cache (or a CDN) answers the waiting buyers with the same bytes.
 */
@RestController
class ProgressController {

    private final ProgressReader reader;
    private final JsonMapper json;
    private final CacheControl cacheControl;

    ProgressController(ProgressReader reader, JsonMapper json, ProgressProperties properties) {
        this.reader = reader;
        this.json = json;
        this.cacheControl = CacheControl.maxAge(properties.pollInterval()).cachePublic();
    }

    @Answers(problems = ProblemType.EVENT_NOT_FOUND, also = 304)
    @GetMapping(path = "/api/queue/{eventId}/progress", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> progress(
            @PathVariable UUID eventId,
            @RequestHeader(name = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        Progress progress = reader.read(eventId)
                .orElseThrow(() -> new ProblemException(ProblemType.EVENT_NOT_FOUND, "no event " + eventId));
        String etag = EntityTags.weak(json.writeValueAsString(progress.withUpdatedAt(null)));
        if (EntityTags.matches(ifNoneMatch, etag)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED)
                    .eTag(etag)
                    .cacheControl(cacheControl)
                    .build();
        }
        return ResponseEntity.ok()
                .eTag(etag)
                .cacheControl(cacheControl)
                .contentType(MediaType.APPLICATION_JSON)
                .body(json.writeValueAsBytes(progress));
    }
}
