package dev.onsale.booking.event.web;

import java.util.List;

/**
 * Body of {@code POST /admin/events} (API.md). Optional fields are null when absent; every value is
 * checked by {@link EventRequestValidation}, the JSON shape by the platform's strict mapper. Instants
 * arrive as strings so that a malformed one is reported under its own field name.
 */
record CreateEventRequest(
        String name,
        String venue,
        String startsAt,
        String saleOpensAt,
        String currency,
        Integer holdTtlSeconds,
        Integer maxPerOrder,
        SeatMapRequest seatMap,
        GeneralAdmissionRequest generalAdmission) {

    record SeatMapRequest(List<SectionRequest> sections) {}

    record SectionRequest(String name, Integer rows, Integer seatsPerRow, Integer priceCents) {}

    record GeneralAdmissionRequest(Integer quantity, Integer priceCents) {}
}
