package dev.onsale.queue.admission.web;

import dev.onsale.platform.identity.Admin;
import dev.onsale.queue.admission.AdmissionSettings;
import java.util.UUID;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Operators tune an event's admission at runtime. */
@RestController
class AdmissionController {

    record AdmissionRequest(Long maxActiveBuyers, Long maxAdmitPerSecond) {}

    record AdmissionResponse(UUID eventId, long maxActiveBuyers, long maxAdmitPerSecond) {}

    private final AdmissionSettings settings;

    AdmissionController(AdmissionSettings settings) {
        this.settings = settings;
    }

    @PutMapping("/admin/events/{eventId}/admission")
    AdmissionResponse put(@PathVariable UUID eventId, Admin admin, @RequestBody AdmissionRequest request) {
        AdmissionSettings.Caps caps = settings.set(eventId, request.maxActiveBuyers(), request.maxAdmitPerSecond());
        return new AdmissionResponse(eventId, caps.maxActiveBuyers(), caps.maxAdmitPerSecond());
    }
}
