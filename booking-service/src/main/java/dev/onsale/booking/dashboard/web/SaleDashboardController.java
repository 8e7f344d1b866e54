package dev.onsale.booking.dashboard.web;

import dev.onsale.booking.dashboard.SaleDashboard;
import dev.onsale.booking.dashboard.SaleDashboard.SalePart;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Admin;
import dev.onsale.platform.web.ProblemException;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * Booking's part of {@code GET /admin/events/{eventId}/dashboard}, which the gateway composes from one part per
 * service; booking's part decides whether the event exists. Not routed by the gateway: only the gateway calls it,
 * with a signed admin identity.
 */
@RestController
class SaleDashboardController {

    private final SaleDashboard dashboard;

    SaleDashboardController(SaleDashboard dashboard) {
        this.dashboard = dashboard;
    }

    @GetMapping("/internal/events/{eventId}/dashboard")
    SalePart part(Admin admin, @PathVariable UUID eventId) {
        return dashboard
                .read(eventId)
                .orElseThrow(() -> new ProblemException(ProblemType.EVENT_NOT_FOUND, "there is no event " + eventId));
    }
}
