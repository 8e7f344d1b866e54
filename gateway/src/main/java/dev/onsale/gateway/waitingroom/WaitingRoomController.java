package dev.onsale.gateway.waitingroom;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.halt.HaltedSales;
import dev.onsale.gateway.halt.SaleHaltProperties;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.routing.EventIds;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves the waiting room: {@code /wait/{eventId}}, {@code /events/{eventId}/admitted} and their
 * fingerprinted {@code /assets/**}. The pages are the same for every event (the script reads the id
 * from the address), so a CDN can hold one copy per address for the short page lifetime. Nothing here
 * touches Redis or a service; whether a sale is halted is known in memory ({@link HaltedSales}).
 */
@RestController
class WaitingRoomController {

    /** Scripts and styles from this origin only, no inline code, no framing. */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            + "style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    private final WaitingRoomFiles files;
    private final HaltedSales halted;
    private final SaleHaltProperties halt;
    private final CacheControl pageCaching;
    private final CacheControl assetCaching;

    WaitingRoomController(
            WaitingRoomFiles files, WaitingRoomProperties properties, HaltedSales halted, SaleHaltProperties halt) {
        this.files = files;
        this.halted = halted;
        this.halt = halt;
        this.pageCaching = CacheControl.maxAge(properties.pageMaxAge()).cachePublic();
        this.assetCaching =
                CacheControl.maxAge(properties.assetMaxAge()).cachePublic().immutable();
    }

    /** The waiting room; while the event's sale is halted, the static "sale stopped" page (503). */
    @GetMapping("/wait/{eventId}")
    ResponseEntity<byte[]> waitingPage(@PathVariable String eventId) {
        if (EventIds.parse(eventId).filter(halted::isHalted).isPresent()) {
            WaitingRoomFiles.File stopped = files.stoppedPage();
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .contentType(stopped.type())
                    .cacheControl(pageCaching)
                    .header(
                            HttpHeaders.RETRY_AFTER,
                            Long.toString(Math.max(1, halt.retryAfter().toSeconds())))
                    .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                    .header("Referrer-Policy", "no-referrer")
                    .header("X-Content-Type-Options", "nosniff")
                    .body(stopped.body());
        }
        return page(eventId, files.waitingPage());
    }

    @GetMapping("/events/{eventId}/admitted")
    ResponseEntity<byte[]> admittedPage(@PathVariable String eventId) {
        return page(eventId, files.admittedPage());
    }

    @GetMapping(WaitingRoomFiles.ASSETS_PATH + "{name}")
    ResponseEntity<byte[]> asset(@PathVariable String name) {
        WaitingRoomFiles.File asset = files.asset(name)
                .orElseThrow(() -> Problem.of(ProblemType.NOT_FOUND, "there is no asset " + name)
                        .toException());
        return serve(asset, assetCaching).body(asset.body());
    }

    private ResponseEntity<byte[]> page(String eventId, WaitingRoomFiles.File page) {
        if (EventIds.parse(eventId).isEmpty()) {
            throw Problem.of(ProblemType.NOT_FOUND, "there is no event " + eventId)
                    .toException();
        }
        return serve(page, pageCaching)
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .header("Referrer-Policy", "no-referrer")
                .body(page.body());
    }

    private static ResponseEntity.BodyBuilder serve(WaitingRoomFiles.File file, CacheControl caching) {
        return ResponseEntity.ok()
                .contentType(file.type())
                .cacheControl(caching)
                .eTag(file.etag())
                .header("X-Content-Type-Options", "nosniff");
    }
}
