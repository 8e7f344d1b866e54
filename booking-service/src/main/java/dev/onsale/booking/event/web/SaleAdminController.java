package dev.onsale.booking.event.web;

import dev.onsale.booking.event.CatalogViews.EventDetail;
import dev.onsale.booking.event.SaleAction;
import dev.onsale.booking.event.SaleControl;
import dev.onsale.booking.event.SaleStateConflict;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Admin;
import dev.onsale.platform.web.ProblemException;
import java.util.UUID;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Operators drive a sale: {@code POST /admin/events/{eventId}/sale/{open,pause,resume,halt}} -> 200 with
 * the event. Non-admins 403 {@code forbidden}; an unknown action 404 {@code not-found}; an unknown event
 * 404 {@code event-not-found}; an illegal move 409 {@code sale-state-conflict} naming the current state.
 * The document lists the actions from {@link SaleAction} itself ({@link SaleActionParameter}).
 */
@RestController
class SaleAdminController {

    private final SaleControl control;

    SaleAdminController(SaleControl control) {
        this.control = control;
    }

    @Answers(problems = {ProblemType.EVENT_NOT_FOUND, ProblemType.NOT_FOUND, ProblemType.SALE_STATE_CONFLICT})
    @PostMapping("/admin/events/{eventId}/sale/{action}")
    EventDetail drive(Admin admin, @PathVariable UUID eventId, @PathVariable String action) {
        SaleAction saleAction = SaleAction.fromPath(action)
                .orElseThrow(() -> new ProblemException(
                        ProblemType.NOT_FOUND,
                        "there is no sale action " + action + "; use one of " + SaleAction.pathNames()));
        try {
            return control.drive(eventId, saleAction)
                    .map(EventDetail::of)
                    .orElseThrow(
                            () -> new ProblemException(ProblemType.EVENT_NOT_FOUND, "there is no event " + eventId));
        } catch (SaleStateConflict e) {
            throw new ProblemException(
                    ProblemType.SALE_STATE_CONFLICT,
                    "cannot " + e.action().pathName() + " a sale that is " + e.current());
        }
    }
}
