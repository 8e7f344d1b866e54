package dev.onsale.queue.dashboard.web;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Admin;
import dev.onsale.platform.web.ProblemException;
import dev.onsale.queue.dashboard.QueueDashboard;
import dev.onsale.queue.dashboard.QueueDashboard.QueuePart;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The waiting room's part of {@code GET /admin/events/{eventId}/dashboard}, which the gateway composes from one
 * part per service. Not routed by the gateway: only the gateway calls it, with a signed admin identity.
 */
@RestController
class QueueDashboardController {

    private final QueueDashboard dashboard;

    QueueDashboardController(QueueDashboard dashboard) {
        this.dashboard = dashboard;
    }

    @GetMapping("/internal/events/{eventId}/dashboard")
    QueuePart part(Admin admin, @PathVariable UUID eventId) {
        return dashboard
                .read(eventId)
                .orElseThrow(() ->
                        new ProblemException(ProblemType.EVENT_NOT_FOUND, "the waiting room has no event " + eventId));
    }
}
