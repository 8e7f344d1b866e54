package dev.onsale.booking.event.web;

import dev.onsale.booking.event.CachedJson;
import dev.onsale.booking.event.EventCatalog;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.web.ProblemException;
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

/**
 * Anonymous catalog reads, served from {@link EventCatalog}'s rendered bytes with a strong ETag;
 * a matching {@code If-None-Match} gets 304. Ids that are not UUIDs are 404 {@code not-found}
 * (platform), unknown ones 404 {@code event-not-found}.
 */
@RestController
class EventCatalogController {

    private final EventCatalog catalog;

    EventCatalogController(EventCatalog catalog) {
        this.catalog = catalog;
    }

    @GetMapping("/api/events")
    ResponseEntity<byte[]> events(
            @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        return respond(catalog.allEvents(), ifNoneMatch, null);
    }

    @Answers(problems = ProblemType.EVENT_NOT_FOUND)
    @GetMapping("/api/events/{eventId}")
    ResponseEntity<byte[]> event(
            @PathVariable UUID eventId,
            @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        return respond(catalog.event(eventId), ifNoneMatch, eventId);
    }

    @Answers(problems = ProblemType.EVENT_NOT_FOUND)
    @GetMapping("/api/events/{eventId}/seats")
    ResponseEntity<byte[]> seats(
            @PathVariable UUID eventId,
            @RequestHeader(value = HttpHeaders.IF_NONE_MATCH, required = false) String ifNoneMatch) {
        return respond(catalog.seats(eventId), ifNoneMatch, eventId);
    }

    private ResponseEntity<byte[]> respond(CachedJson json, String ifNoneMatch, UUID eventId) {
        if (!json.found()) {
            throw new ProblemException(ProblemType.EVENT_NOT_FOUND, "there is no event " + eventId);
        }
        CacheControl cacheControl = CacheControl.maxAge(catalog.clientMaxAge()).cachePublic();
        if (json.matches(ifNoneMatch)) {
            return ResponseEntity.status(HttpStatus.NOT_MODIFIED)
                    .eTag(json.etag())
                    .cacheControl(cacheControl)
                    .build();
        }
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .eTag(json.etag())
                .cacheControl(cacheControl)
                .body(json.body());
    }
}
