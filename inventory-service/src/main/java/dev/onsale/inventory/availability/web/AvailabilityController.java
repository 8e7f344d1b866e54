package dev.onsale.inventory.availability.web;

import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.inventory.availability.Availability;
import dev.onsale.inventory.availability.AvailabilityReader;
import dev.onsale.platform.web.ProblemException;
import java.time.Duration;
import java.util.UUID;
import org.springframework.http.CacheControl;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
class AvailabilityController {

    private static final CacheControl UP_TO_ONE_SECOND = CacheControl.maxAge(Duration.ofSeconds(1));

    private final AvailabilityReader reader;

    AvailabilityController(AvailabilityReader reader) {
        this.reader = reader;
    }

    @Answers(problems = ProblemType.EVENT_NOT_FOUND)
    @GetMapping("/api/events/{eventId}/availability")
    ResponseEntity<Availability> availability(@PathVariable UUID eventId) {
        Availability availability = reader.read(eventId)
                .orElseThrow(() -> new ProblemException(ProblemType.EVENT_NOT_FOUND, "no event " + eventId));
        return ResponseEntity.ok().cacheControl(UP_TO_ONE_SECOND).body(availability);
    }
}
