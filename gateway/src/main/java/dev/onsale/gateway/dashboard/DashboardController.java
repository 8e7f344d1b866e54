package dev.onsale.gateway.dashboard;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.routing.EventIds;
import dev.onsale.gateway.routing.Upstreams;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /admin/events/{eventId}/dashboard}: one event's sale as its operator watches it, composed here from
 * one part per service, all asked at once: the sale and the last reconciliation (booking, the database of record,
 * which also decides whether the event exists), the waiting room (queue), the gate's live counters (inventory) and
 * the payments (payment). A part that does not answer within the part timeout is {@code null} and listed in
 * {@code unavailable} with the reason; the rest is answered. The identity filter has already admitted only the
 * admin token on {@code /admin/**}.
 */
@RestController
class DashboardController {

    private final ServiceParts parts;
    private final Upstreams upstreams;
    private final Clock clock;

    DashboardController(ServiceParts parts, Upstreams upstreams, Clock clock) {
        this.parts = parts;
        this.upstreams = upstreams;
        this.clock = clock;
    }

    @Answers(problems = {ProblemType.INVALID_REQUEST, ProblemType.EVENT_NOT_FOUND})
    @GetMapping(path = "/admin/events/{eventId}/dashboard", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<ResponseEntity<Map<String, Object>>> dashboard(@PathVariable String eventId, ServerHttpRequest request) {
        UUID event = EventIds.parse(eventId)
                .orElseThrow(() -> Problem.of(ProblemType.INVALID_REQUEST, "eventId must be a UUID")
                        .toException());
        String correlationId = request.getHeaders().getFirst(IdentityHeaders.CORRELATION_ID);
        return Mono.zip(
                        parts.fetch(upstreams.booking(), event, correlationId),
                        parts.fetch(upstreams.queue(), event, correlationId),
                        parts.fetch(upstreams.inventory(), event, correlationId),
                        parts.fetch(upstreams.payment(), event, correlationId))
                .map(all -> compose(event, all.getT1(), all.getT2(), all.getT3(), all.getT4()));
    }

    private ResponseEntity<Map<String, Object>> compose(
            UUID eventId, Part sale, Part queue, Part seats, Part payments) {
        if (sale instanceof Part.Unknown) {
            throw Problem.of(ProblemType.EVENT_NOT_FOUND, "there is no event " + eventId)
                    .toException();
        }
        List<Map<String, String>> unavailable = new ArrayList<>();
        Map<String, Object> saleBody = body("sale", sale, unavailable);
        Map<String, Object> dashboard = new LinkedHashMap<>();
        dashboard.put("eventId", eventId);
        dashboard.put("saleState", saleBody == null ? null : saleBody.get("saleState"));
        dashboard.put("queue", body("queue", queue, unavailable));
        dashboard.put("seats", body("seats", seats, unavailable));
        dashboard.put("payments", body("payments", payments, unavailable));
        dashboard.put("lastReconciliation", saleBody == null ? null : saleBody.get("lastReconciliation"));
        dashboard.put("unavailable", unavailable);
        dashboard.put("at", Instant.now(clock));
        return ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(dashboard);
    }

    private static Map<String, Object> body(String name, Part part, List<Map<String, String>> unavailable) {
        return switch (part) {
            case Part.Answered answered -> answered.body();
            case Part.Missing missing -> {
                unavailable.add(Map.of("part", name, "detail", missing.detail()));
                yield null;
            }
        };
    }
}
