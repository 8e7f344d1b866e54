package dev.onsale.booking.event.web;

import dev.onsale.booking.event.CatalogViews.EventDetail;
import dev.onsale.booking.event.Event;
import dev.onsale.booking.event.EventCreation;
import dev.onsale.common.problem.Answers;
import dev.onsale.platform.identity.Admin;
import java.net.URI;
import java.time.Clock;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Operators create events. */
@RestController
class EventAdminController {

    private final EventCreation creation;
    private final Clock clock;

    EventAdminController(EventCreation creation, Clock clock) {
        this.creation = creation;
        this.clock = clock;
    }

    /** The {@link Admin} parameter comes first: a non-admin is refused before the body is read. */
    @Answers(201)
    @PostMapping("/admin/events")
    ResponseEntity<EventDetail> create(Admin admin, @RequestBody CreateEventRequest request) {
        Event event = creation.create(EventRequestValidation.validate(request, clock.instant()));
        return ResponseEntity.created(URI.create("/api/events/" + event.id())).body(EventDetail.of(event));
    }
}
