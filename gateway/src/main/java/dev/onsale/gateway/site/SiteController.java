package dev.onsale.gateway.site;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.catalog.Sales;
import dev.onsale.gateway.halt.SaleHaltProperties;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.routing.EventIds;
import dev.onsale.gateway.site.SiteFiles.Page;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves the site: the buyer's pages ({@code /}, {@code /events/{eventId}}, {@code /wait/{eventId}},
 * {@code /events/{eventId}/admitted}, {@code /orders/{orderId}}), the operator's and the auditor's
 * ({@code /operator}, {@code /auditor}) and their fingerprinted {@code /assets/**}. A page is the same for
 * every event and order (its script reads the id from the address and everything else from the API), so a
 * CDN can hold one copy per address for the short page lifetime. Nothing here touches Redis or a service;
 * whether a sale is halted is known in memory ({@link Sales}).
 */
@RestController
class SiteController {

    /** Scripts and styles from this origin only, no inline code, no framing. */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            + "style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; "
            + "frame-ancestors 'none'";

    private final SiteFiles files;
    private final Sales sales;
    private final SaleHaltProperties halt;
    private final CacheControl pageCaching;
    private final CacheControl assetCaching;

    SiteController(SiteFiles files, WaitingRoomProperties properties, Sales sales, SaleHaltProperties halt) {
        this.files = files;
        this.sales = sales;
        this.halt = halt;
        this.pageCaching = CacheControl.maxAge(properties.pageMaxAge()).cachePublic();
        this.assetCaching =
                CacheControl.maxAge(properties.assetMaxAge()).cachePublic().immutable();
    }

    @GetMapping("/")
    ResponseEntity<byte[]> events() {
        return page(Page.INDEX);
    }

    @GetMapping("/events/{eventId}")
    ResponseEntity<byte[]> event(@PathVariable String eventId) {
        return eventPage(eventId, Page.EVENT);
    }

    /** The waiting room; while the event's sale is halted, the static "sale stopped" page (503). */
    @GetMapping("/wait/{eventId}")
    ResponseEntity<byte[]> waitingPage(@PathVariable String eventId) {
        if (EventIds.parse(eventId).filter(sales::isHalted).isPresent()) {
            SiteFiles.File stopped = files.page(Page.STOPPED);
            return secured(serve(HttpStatus.SERVICE_UNAVAILABLE, stopped, pageCaching))
                    .header(
                            HttpHeaders.RETRY_AFTER,
                            Long.toString(Math.max(1, halt.retryAfter().toSeconds())))
                    .body(stopped.body());
        }
        return eventPage(eventId, Page.WAITING);
    }

    @GetMapping("/events/{eventId}/admitted")
    ResponseEntity<byte[]> admittedPage(@PathVariable String eventId) {
        return eventPage(eventId, Page.ADMITTED);
    }

    @GetMapping("/orders/{orderId}")
    ResponseEntity<byte[]> orderPage(@PathVariable String orderId) {
        if (EventIds.parse(orderId).isEmpty()) {
            throw Problem.of(ProblemType.NOT_FOUND, "there is no order " + orderId)
                    .toException();
        }
        return page(Page.ORDER);
    }

    @GetMapping("/operator")
    ResponseEntity<byte[]> operatorPage() {
        return page(Page.OPERATOR);
    }

    @GetMapping("/auditor")
    ResponseEntity<byte[]> auditorPage() {
        return page(Page.AUDITOR);
    }

    @GetMapping(SiteFiles.ASSETS_PATH + "{name}")
    ResponseEntity<byte[]> asset(@PathVariable String name) {
        SiteFiles.File asset = files.asset(name)
                .orElseThrow(() -> Problem.of(ProblemType.NOT_FOUND, "there is no asset " + name)
                        .toException());
        return serve(HttpStatus.OK, asset, assetCaching).body(asset.body());
    }

    private ResponseEntity<byte[]> eventPage(String eventId, Page page) {
        if (EventIds.parse(eventId).isEmpty()) {
            throw Problem.of(ProblemType.NOT_FOUND, "there is no event " + eventId)
                    .toException();
        }
        return page(page);
    }

    private ResponseEntity<byte[]> page(Page page) {
        SiteFiles.File file = files.page(page);
        return secured(serve(HttpStatus.OK, file, pageCaching)).body(file.body());
    }

    private static ResponseEntity.BodyBuilder secured(ResponseEntity.BodyBuilder page) {
        return page.header("Content-Security-Policy", CONTENT_SECURITY_POLICY).header("Referrer-Policy", "no-referrer");
    }

    private static ResponseEntity.BodyBuilder serve(HttpStatus status, SiteFiles.File file, CacheControl caching) {
        return ResponseEntity.status(status)
                .contentType(file.type())
                .cacheControl(caching)
                .eTag(file.etag())
                .header("X-Content-Type-Options", "nosniff");
    }
}
