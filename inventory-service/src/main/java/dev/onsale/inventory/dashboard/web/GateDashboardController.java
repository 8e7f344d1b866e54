package dev.onsale.inventory.dashboard.web;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.inventory.dashboard.GateDashboard;
import dev.onsale.inventory.dashboard.GateDashboard.SeatsPart;
import dev.onsale.platform.identity.Admin;
import dev.onsale.platform.web.ProblemException;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The gate's part of {@code GET /admin/events/{eventId}/dashboard}, which the gateway composes from one part per
 * service. Not routed by the gateway: only the gateway calls it, with a signed admin identity.
 */
@RestController
class GateDashboardController {

    private final GateDashboard dashboard;

    GateDashboardController(GateDashboard dashboard) {
        this.dashboard = dashboard;
    }

    @GetMapping("/internal/events/{eventId}/dashboard")
    SeatsPart part(Admin admin, @PathVariable UUID eventId) {
        return dashboard
                .read(eventId)
                .orElseThrow(() -> new ProblemException(
                        ProblemType.EVENT_NOT_FOUND, "the gate has no counter for event " + eventId));
    }
}
